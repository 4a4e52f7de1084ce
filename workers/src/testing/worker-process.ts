import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the real workers entry point from source, as a separate process a test can kill. */
export function spawnWorkers(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'workers/src/main.ts'], {
    cwd: ROOT,
    // Metrics on a free port: several test processes run at once, beside a running `npm start`.
    env: { ...process.env, LOG_LEVEL: 'warn', WORKERS_METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/ExperimentalWarning|--trace-warnings/.test(text)) process.stderr.write(`[workers ${child.pid}] ${text}`);
  });
  return child;
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
