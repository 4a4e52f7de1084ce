import { describe, expect, it } from 'vitest';
import { loadConfig } from '@concierge/platform/config/env';
import { GatewayConfig } from './config.js';

const load = (env: NodeJS.ProcessEnv) => loadConfig(GatewayConfig, env);

describe('gateway configuration', () => {
  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(load({}).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of addresses and subnets', () => {
    expect(load({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses an entry that is neither, naming it, instead of trusting something else', () => {
    expect(() => load({ TRUST_PROXY: '10.0.0.0/8, proxy.internal' })).toThrow(/TRUST_PROXY: [\s\S]*not an address or subnet: "proxy.internal"/);
    expect(() => load({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33"/);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/"true"/);
  });

  it('reads PUBLIC_URL and refuses one that is not http(s)', () => {
    expect(load({ PUBLIC_URL: 'https://concierge.example.com' }).PUBLIC_URL).toBe('https://concierge.example.com');
    expect(() => load({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('finds the built SPA in web/dist by default and reads LOG_LEVEL as the services do', () => {
    expect(load({}).STATIC_DIR).toMatch(/[/\\]web[/\\]dist$/);
    expect(load({ LOG_LEVEL: 'warn' }).LOG_LEVEL).toBe('warn');
    expect(() => load({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads COMMAND_API_URL and QUERY_API_URL as one URL or a comma-separated list of replicas', () => {
    expect(load({}).COMMAND_API_URL).toEqual(['http://127.0.0.1:8081']);
    expect(load({ QUERY_API_URL: 'http://query-1:8082, http://query-2:8082,' }).QUERY_API_URL).toEqual(['http://query-1:8082', 'http://query-2:8082']);
    expect(() => load({ COMMAND_API_URL: 'http://a:1,ftp://b:2' })).toThrow(/COMMAND_API_URL/);
    expect(() => load({ COMMAND_API_URL: ' , ' })).toThrow(/COMMAND_API_URL: .*at least one URL/);
  });
});
