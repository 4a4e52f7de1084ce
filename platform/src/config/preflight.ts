import net from 'node:net';

/** One actionable line for an operator, instead of a stack trace, when a dependency is down. */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
}

function reachable(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

export async function requireTcp(name: string, url: string, defaultPort: number, hint: string): Promise<void> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(parsed.port || defaultPort);
  if (!(await reachable(host, port))) {
    throw new DependencyUnavailableError(`${name} is not reachable at ${host}:${port}. ${hint}`);
  }
}

export const POSTGRES_HINT =
  'Start PostgreSQL (on Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set DATABASE_URL.';
export const REDIS_HINT =
  'Start Redis (redis-server --daemonize yes --port 6379) or set REDIS_URL.';
