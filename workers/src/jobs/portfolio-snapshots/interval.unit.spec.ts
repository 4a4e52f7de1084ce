import { describe, expect, it } from 'vitest';
import { loadConfig } from '@concierge/platform/config/env';
import { WorkersConfig } from '../../config.js';
import { parseDuration, scheduledMillis, slotOf } from './interval.js';

describe('SNAPSHOT_INTERVAL durations', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1d')).toBe(86_400_000);
  });
  it('refuses what is not a whole positive number and a unit', () => {
    for (const text of ['', 'h', '0h', '1.5h', '-1h', '1 hour', '1H', '90', '01m']) expect(parseDuration(text), text).toBeUndefined();
  });
});

describe('the slot of a scheduled round', () => {
  const hour = 3_600_000;
  it('is the start of the window the round was scheduled in', () => {
    expect(slotOf(Date.parse('2026-11-24T12:00:00.000Z'), hour)).toBe('2026-11-24T12:00:00.000Z');
    expect(slotOf(Date.parse('2026-11-24T12:59:59.999Z'), hour)).toBe('2026-11-24T12:00:00.000Z');
    expect(slotOf(Date.parse('2026-11-24T12:07:30.000Z'), 15 * 60_000)).toBe('2026-11-24T12:00:00.000Z');
  });
  it('comes from the scheduler job id, however late the job runs', () => {
    const at = Date.parse('2026-11-24T13:00:00.000Z');
    expect(scheduledMillis({ id: `repeat:snapshot-rounds:${at}`, timestamp: at - 5_000, delay: 9_000 })).toBe(at);
    expect(scheduledMillis({ id: 'manual', timestamp: at - 5_000, delay: 5_000 })).toBe(at);
  });
});

describe('SNAPSHOT_INTERVAL in the workers config', () => {
  const load = (env: Record<string, string>) => loadConfig(WorkersConfig, env);
  it('is hourly by default and takes a duration', () => {
    expect(load({}).SNAPSHOT_INTERVAL).toBe(3_600_000);
    expect(load({ SNAPSHOT_INTERVAL: '15m' }).SNAPSHOT_INTERVAL).toBe(900_000);
  });
  it('refuses what is not a duration of at least 10 seconds, saying so', () => {
    for (const value of ['hourly', '5s', '0m']) expect(() => load({ SNAPSHOT_INTERVAL: value }), value).toThrow(/SNAPSHOT_INTERVAL must be a duration/);
  });
});
