import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** The real query API entry point (query-api/src/main.ts) from source in its own process, as it is deployed. */
export async function spawnQueryApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_QUERY_API_PROFILE=<dir> writes the API process's CPU profile there when it exits.
  const profile = process.env['BENCH_QUERY_API_PROFILE'];
  const args = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), '--conditions=source', '--import', 'tsx', 'query-api/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', QUERY_API_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the query API exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/api/wallets/performance`);
      return { url, child };
    } catch {
      if (Date.now() > deadline) throw new Error('the query API did not start listening');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The query API in its own process on a bench's schemas, with a queue prefix of its own. */
export function spawnBenchQueryApi(stores: { eventStoreSchema: string; readStoreSchema: string }, databaseUrl: string, publicKey: string) {
  return spawnQueryApi({
    DATABASE_URL: databaseUrl,
    EVENT_STORE_SCHEMA: stores.eventStoreSchema,
    READ_STORE_SCHEMA: stores.readStoreSchema,
    JWT_PUBLIC_KEY: publicKey,
    QUEUE_PREFIX: `bench-${randomUUID().slice(0, 8)}`,
  });
}

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux this runs on (USER_HZ). */
const USER_HZ = 100;

/**
 * CPU time (user and system, every thread: JIT, GC, I/O) the process has used so far, in ms; null
 * where /proc is not there. Unlike latency, it hardly moves with what else the machine runs.
 */
export function processCpuMs(child: ChildProcess): number | null {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}
