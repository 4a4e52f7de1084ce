import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/** A PostgreSQL cluster of the test's own, which it may stop and start by pid without touching the shared one. */
export interface OwnPostgres {
  readonly url: string;
  /** The postmaster's pid while it runs. */
  pid(): number | undefined;
  start(): Promise<void>;
  /** Stops the postmaster (SIGINT: fast shutdown, every connection cut) and waits until it is gone. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** PostgreSQL refuses to run as root: the cluster belongs to the `postgres` account when the test runs as root. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('running as root, and there is no postgres account to own the cluster');
  return { uid, gid };
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const user = owner();
  const dir = mkdtempSync(join(tmpdir(), 'concierge-own-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], {
    encoding: 'utf8',
    ...(user ?? {}),
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/concierge`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const ready = async () => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      client.on('error', () => undefined);
      const ok = await client.connect().then(
        () => true,
        () => false,
      );
      await client.end().catch(() => undefined);
      if (ok) return;
      if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`postgres exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('postgres did not accept connections within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const own: OwnPostgres = {
    url,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async start() {
      const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'];
      child = spawn(join(bin, 'postgres'), args, { stdio: 'ignore', ...(user ?? {}) });
      const running = child;
      exited = new Promise((resolve) => running.once('exit', () => resolve()));
      await ready();
    },
    async stop() {
      if (!own.pid()) return;
      child?.kill('SIGINT');
      await exited;
    },
    async destroy() {
      await own.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return own;
}
