import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisStandingChanges, type StandingChangeListener, type StandingChanges } from './standing-changes.js';

const until = async (condition: () => boolean, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not so within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The change channel on a Redis server of this test's own (never the machine's shared one): its
 * listeners learn when notices may go unheard, whether Redis exits or hangs, and when they are
 * heard again.
 */
describe('the standing-change channel tells its listeners when it is lost and when it is back', () => {
  let port: number;
  let server: ChildProcess | undefined;
  let changes: StandingChanges;
  const heard: Parameters<StandingChangeListener>[0][] = [];

  const startRedis = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  };
  const stopRedis = async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    changes = redisStandingChanges(`redis://127.0.0.1:${port}`, 'test-channel', pino({ level: 'silent' }));
    changes.subscribe((change) => void heard.push(change));
    await until(() => changes.live(), 10_000);
  });
  afterAll(async () => {
    await changes?.close();
    if (server?.pid && server.exitCode === null) server.kill('SIGCONT');
    await stopRedis();
  });

  it('is lost when Redis exits and back, with everything suspect, once it is subscribed again', async () => {
    heard.length = 0;
    await stopRedis();
    await expect.poll(() => changes.live(), { timeout: 10_000 }).toBe(false);
    expect(heard).toEqual(['lost']);
    await startRedis();
    await expect.poll(() => changes.live(), { timeout: 15_000 }).toBe(true);
    expect(heard).toEqual(['lost', 'all']);
  });

  it('is lost when Redis hangs with its connections open, and back when it answers again', async () => {
    heard.length = 0;
    server?.kill('SIGSTOP');
    await expect.poll(() => changes.live(), { timeout: 10_000 }).toBe(false);
    expect(heard).toEqual(['lost']);
    server?.kill('SIGCONT');
    await expect.poll(() => changes.live(), { timeout: 15_000 }).toBe(true);
    expect(heard).toEqual(['lost', 'all']);
  });
});
