import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** A Redis server of the test's own, configured as production runs it (append-only), stopped and started by pid. */
export interface OwnRedis {
  readonly url: string;
  pid(): number | undefined;
  start(): Promise<void>;
  /** SIGTERM: Redis writes its append-only file and exits, as a restart by the operator would. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'concierge-own-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });

  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction'];
      child = spawn('redis-server', args, { stdio: 'ignore' });
      const running = child;
      exited = new Promise((resolve) => running.once('exit', () => resolve()));
      const deadline = Date.now() + 10_000;
      while (!(await answers())) {
        if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (!own.pid()) return;
      child?.kill('SIGTERM');
      await exited;
    },
    async destroy() {
      await own.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return own;
}
