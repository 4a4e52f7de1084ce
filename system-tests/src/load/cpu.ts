import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU a process has used, in ms; undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU ms per process (`<group>` or `<group>/<pid>`), as a snapshot to subtract from a later one. */
export type CpuSnapshot = Record<string, number>;

/**
 * CPU used so far by each of the product's services and by each PostgreSQL backend serving its
 * database: what the product itself spent, whatever else the machine is running.
 */
export async function productCpu(pids: Record<string, number | undefined>, pool: pg.Pool, database: string): Promise<CpuSnapshot> {
  const snapshot: CpuSnapshot = {};
  for (const [name, pid] of Object.entries(pids)) if (pid !== undefined) snapshot[`${name}/${pid}`] = processCpuMs(pid) ?? 0;
  const backends = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  for (const { pid } of backends.rows) snapshot[`postgres/${pid}`] = processCpuMs(pid) ?? 0;
  return snapshot;
}

/**
 * Seconds of CPU each group (a service, `postgres`) used between two snapshots: a process seen
 * only at the end counts from 0, one gone by then is not counted (a floor).
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [key, ms] of Object.entries(after)) {
    const group = key.split('/')[0] ?? key;
    used[group] = (used[group] ?? 0) + Math.max(0, ms - (before[key] ?? 0)) / 1000;
  }
  return used;
}
