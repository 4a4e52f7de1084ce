// Starts the four services as child processes, prefixing their output, and stops them together.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each service's entry point: built JavaScript (`dist`) or TypeScript run through tsx (`source`). */
export const SERVICES = [
  { name: 'command-api', dist: 'command-api/dist/main.js', source: 'command-api/src/main.ts' },
  { name: 'query-api', dist: 'query-api/dist/main.js', source: 'query-api/src/main.ts' },
  { name: 'workers', dist: 'workers/dist/main.js', source: 'workers/src/main.ts' },
  { name: 'web', dist: 'web/dist-server/main.js', source: 'web/server/main.ts' },
];

function prefixLines(stream, name, write) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest.trim() && write(`[${name}] ${rest}\n`));
}

/**
 * @param {{ mode: 'dist' | 'source', env?: Record<string, string>, write?: (line: string) => void }} options
 * @returns {{ exited: Promise<{ name: string, code: number | null, signal: string | null }>, stop: () => Promise<void> }}
 */
export function startServices({ mode, env = {}, write = (line) => process.stdout.write(line) }) {
  const children = SERVICES.map((service) => {
    const args = mode === 'source' ? ['--conditions=source', '--import', 'tsx', service.source] : [service.dist];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(child.stdout, service.name, write);
    prefixLines(child.stderr, service.name, write);
    return { name: service.name, child };
  });
  const exited = Promise.race(
    children.map(
      ({ name, child }) =>
        new Promise((resolve) => child.once('exit', (code, signal) => resolve({ name, code, signal }))),
    ),
  );
  const stop = async () => {
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve(undefined);
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  return { exited, stop };
}
