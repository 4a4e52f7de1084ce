import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The writer (this process) and PostgreSQL on cores of their own, as deployed: the event store on
 * its own host, the command API's replicas on others. On one machine both otherwise take turns on
 * the same cores, and every microsecond the writer spends is one PostgreSQL does not get.
 *
 * Linux's `taskset` sets the CPU affinity of this process and of every PostgreSQL process (new
 * backends inherit the postmaster's); the affinities found are restored afterwards, also when the
 * bench is interrupted. That needs the right to change PostgreSQL's processes (root, or the
 * postgres user) and at least two cores; without them the figure is not measured, and says why.
 */

/** The halves of the machine's cores: the writer's first, PostgreSQL's second, as taskset lists. */
export function splitCores(count: number): { writer: string; store: string } | undefined {
  if (count < 2) return undefined;
  const half = Math.floor(count / 2);
  const list = (from: number, to: number) => (from === to ? `${from}` : `${from}-${to}`);
  return { writer: list(0, half - 1), store: list(half, count - 1) };
}

/** The CPU list of `taskset -c -p`'s answer ("pid 42's current affinity list: 0,1"). */
export function parseAffinity(output: string): string {
  const list = /affinity list:\s*(\S+)/.exec(output)?.[1];
  if (!list) throw new Error(`taskset answered: ${output.trim()}`);
  return list;
}

const affinityOf = (pid: number): string => parseAffinity(execFileSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' }));
const setAffinity = (pid: number, list: string): void => void execFileSync('taskset', ['-a', '-c', '-p', list, String(pid)], { stdio: 'ignore' });

/** This machine's PostgreSQL server processes, the postmaster (the one whose parent is not PostgreSQL) first. */
export function postgresProcesses(): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces, so read past its closing parenthesis.
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return [...parents.keys()].sort((a, b) => Number(parents.has(parents.get(a) ?? 0)) - Number(parents.has(parents.get(b) ?? 0)));
}

function isLocal(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  return ['127.0.0.1', 'localhost', '[::1]', ''].includes(url.hostname) || (url.searchParams.get('host') ?? '').startsWith('/');
}

export type OnOwnCores<T> = { writerCores: string; postgresCores: string; result: T } | { notMeasured: string };

/** Runs `work` with this process on the first half of the cores and PostgreSQL on the second. */
export async function onOwnCores<T>(databaseUrl: string, work: () => Promise<T>): Promise<OnOwnCores<T>> {
  const split = splitCores(os.availableParallelism());
  if (!split) return { notMeasured: 'one core: the writer and PostgreSQL cannot be given cores of their own' };
  if (!isLocal(databaseUrl)) return { notMeasured: 'PostgreSQL is on another host: it has cores of its own already, and the other rows measure that' };
  const [postmaster] = postgresProcesses();
  if (postmaster === undefined) return { notMeasured: 'no PostgreSQL process found on this machine' };
  let restore: (() => void) | undefined;
  try {
    const [ownBefore, postgresBefore] = [affinityOf(process.pid), affinityOf(postmaster)];
    restore = () => {
      for (const pid of postgresProcesses()) {
        try {
          setAffinity(pid, postgresBefore);
        } catch {
          // A backend that ended meanwhile.
        }
      }
      setAffinity(process.pid, ownBefore);
    };
    setAffinity(postmaster, split.store);
    for (const pid of postgresProcesses().slice(1)) {
      try {
        setAffinity(pid, split.store);
      } catch {
        // A backend that ended meanwhile.
      }
    }
    setAffinity(process.pid, split.writer);
  } catch (error) {
    restore?.();
    return { notMeasured: `cannot set CPU affinity with taskset (${(error as Error).message.split('\n')[0]})` };
  }
  const interrupted = (signal: NodeJS.Signals) => {
    restore?.();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return { writerCores: split.writer, postgresCores: split.store, result: await work() };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    restore();
  }
}
