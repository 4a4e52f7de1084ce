// `npm start`: install if needed, check PostgreSQL and Redis, build, migrate, run every service.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const env = process.env;
const PORT = env.PORT ?? '8080';
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/concierge';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { TURBO_TELEMETRY_DISABLED: '1', ...env } });
  if (result.status !== 0) {
    console.error(`npm start: ${what} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

function installed() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(join(ROOT, 'package-lock.json')).mtimeMs;
}

function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const usesPostgres = (env.EVENT_STORE ?? 'postgres') === 'postgres' || (env.READ_STORE ?? 'postgres') === 'postgres';
if (usesPostgres && !(await reachable(DATABASE_URL, 5432))) {
  console.error(
    `npm start: PostgreSQL is not reachable at ${new URL(DATABASE_URL).host}. Start it (on Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set DATABASE_URL.`,
  );
  process.exit(1);
}
if (!(await reachable(REDIS_URL, 6379))) {
  console.error(`npm start: Redis is not reachable at ${new URL(REDIS_URL).host}. Start it (redis-server --daemonize yes --port 6379) or set REDIS_URL.`);
  process.exit(1);
}

if (!installed()) run('npm', ['ci', '--no-audit', '--no-fund'], 'npm ci');
// The SPA links transaction hashes to this block explorer; Vite reads VITE_* at build time.
if (env.EXPLORER_TX_URL) process.env.VITE_EXPLORER_TX_URL = env.EXPLORER_TX_URL;
run(process.execPath, [join(ROOT, 'node_modules', 'turbo', 'bin', 'turbo'), 'run', 'build', '--output-logs=errors-only'], 'the build');
run(process.execPath, [join(ROOT, 'platform', 'dist', 'cli', 'migrate.js')], 'the migration');

// The supervisor is a workspace (supervisor/), linked into node_modules by the install above.
const { EXIT_CODES, startServices } = await import('@concierge/supervisor');
const services = startServices({
  mode: 'dist',
  env: {
    PORT,
    COMMAND_API_URL: env.COMMAND_API_URL ?? `http://127.0.0.1:${env.COMMAND_API_PORT ?? '8081'}`,
    QUERY_API_URL: env.QUERY_API_URL ?? `http://127.0.0.1:${env.QUERY_API_PORT ?? '8082'}`,
  },
});
console.log(`Concierge is starting at http://localhost:${PORT} (API under /api). Ctrl+C stops it.`);

let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await services.stop();
  process.exit(code);
};
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
// The supervisor restarts a service that dies, and services wait for PostgreSQL and Redis; it gives
// up only on a bad setting or on a service that keeps crashing at start.
const first = await services.exited;
if (!stopping) {
  const why = first.code === EXIT_CODES.badSetting ? 'has a bad setting' : `keeps stopping (exit ${first.code ?? first.signal})`;
  console.error(`npm start: ${first.name} ${why}${first.message ? `: ${first.message}` : ''}; stopping the others.`);
  await stop(1);
}
