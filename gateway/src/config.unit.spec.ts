import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('gateway configuration', () => {
  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses and subnets', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses an entry that is neither, naming it, instead of trusting something else', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, proxy.internal' })).toThrow(/not an address or subnet: "proxy.internal"[\s\S]*TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/"true"/);
  });

  it('reads PUBLIC_URL and refuses one that is not http(s)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://concierge.example.com' }).publicUrl).toBe('https://concierge.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
  });
});
