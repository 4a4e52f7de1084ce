import { describe, expect, it } from 'vitest';
import { toPlatformStatus } from './get-platform-status';

describe('platform status from GET /api/health', () => {
  it('is up when the gateway reports every service ok', () => {
    expect(toPlatformStatus(200, { status: 'ok', services: { command: 'up', query: 'up' } })).toBe('up');
  });

  it('is degraded when the gateway answers but a service is down', () => {
    expect(toPlatformStatus(503, { status: 'unavailable', services: { command: 'down', query: 'up' } })).toBe('degraded');
  });

  it('is down when the gateway itself fails or answers something unexpected', () => {
    expect(toPlatformStatus(502, undefined)).toBe('down');
    expect(toPlatformStatus(200, '<!doctype html>')).toBe('down');
  });
});
