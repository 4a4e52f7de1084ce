// Starts the four services as child processes, prefixing their output, keeps them running, and
// stops them together. Plain JavaScript with no dependency, so `npm start` can load it right after
// installing, before anything is built.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: the services' working directory, against which their entry points are written. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Each service's entry point: built JavaScript (`dist`) or TypeScript run through tsx (`source`). */
export const SERVICES = [
  { name: 'command-api', dist: 'command-api/dist/main.js', source: 'command-api/src/main.ts' },
  { name: 'query-api', dist: 'query-api/dist/main.js', source: 'query-api/src/main.ts' },
  { name: 'workers', dist: 'workers/dist/main.js', source: 'workers/src/main.ts' },
  { name: 'web', dist: 'gateway/dist/main.js', source: 'gateway/src/main.ts' },
];

/** Restart back-off: first wait, ceiling, and how long a run must last to count as healthy again. */
export const RESTART_POLICY = { firstDelayMs: 500, maxDelayMs: 30_000, healthyAfterMs: 30_000, maxQuickFailures: 5 };

/**
 * How a service says why it exited (platform's runService, sysexits.h): a bad setting, which no
 * restart mends, and a dependency lost while it was starting, which is not a crash.
 */
export const EXIT_CODES = { badSetting: 78, dependencyDown: 75 };

function prefixLines(stream, name, write, onLine = () => {}) {
  let rest = '';
  const emit = (line) => {
    write(`[${name}] ${line}\n`);
    onLine(line);
  };
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) emit(line);
  });
  stream.on('end', () => rest.trim() && emit(rest));
}

/**
 * One service under supervision: a process that dies is started again after a back-off that
 * doubles while it keeps dying quickly. A service that exits on a bad setting is given up at once,
 * and one that dies quickly `maxQuickFailures` times in a row (a crash at start) too, so `npm start`
 * stops with its message instead of looping. A dependency that is down is no reason to give up:
 * services wait for it in-process, and one that lost it half-way through starting exits 75, which
 * is retried with the same back-off without counting as a crash.
 */
function supervise(service, { args, env, write, policy, onGiveUp, stopTimeoutMs }) {
  let child;
  let stopping = false;
  let restarts = 0;
  let quickFailures = 0;
  let delay = policy.firstDelayMs;
  let timer;
  // The last line the service wrote to stderr: the message a bad setting stops the product with.
  let lastError;

  const launch = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixLines(child.stdout, service.name, write);
    prefixLines(child.stderr, service.name, write, (line) => (lastError = line));
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const ranMs = Date.now() - startedAt;
      if (code === EXIT_CODES.badSetting) {
        write(`[supervisor] ${service.name} stopped on a bad setting; giving up: ${lastError ?? ''}\n`);
        onGiveUp({ name: service.name, code, signal, message: lastError });
        return;
      }
      const waiting = code === EXIT_CODES.dependencyDown;
      if (ranMs >= policy.healthyAfterMs) {
        quickFailures = 0;
        delay = policy.firstDelayMs;
      } else if (!waiting) {
        quickFailures += 1;
      }
      if (quickFailures >= policy.maxQuickFailures) {
        write(`[supervisor] ${service.name} exited (${code ?? signal}) ${quickFailures} times in a row soon after starting; giving up\n`);
        onGiveUp({ name: service.name, code, signal, message: lastError });
        return;
      }
      restarts += 1;
      const why = waiting ? 'lost a dependency while starting' : `exited (${code ?? signal})`;
      write(`[supervisor] ${service.name} ${why} after ${Math.round(ranMs / 1000)} s; restarting in ${delay} ms\n`);
      timer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, policy.maxDelayMs);
    });
  };
  launch();

  return {
    name: service.name,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    restarts: () => restarts,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        clearTimeout(timer);
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
        const force = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
        child.once('exit', () => {
          clearTimeout(force);
          resolve(undefined);
        });
        // SIGINT, as Ctrl+C: everything stops together, so the APIs skip the notice they give a
        // balancer on SIGTERM, and still finish what is in flight.
        child.kill('SIGINT');
      }),
  };
}

/**
 * @param {{ mode: 'dist' | 'source', env?: Record<string, string>, write?: (line: string) => void, policy?: Partial<typeof RESTART_POLICY>, instances?: ReadonlyArray<{ name: string, service: string, env?: Record<string, string> }> }} options
 */
export function startServices({ mode, env = {}, write = (line) => process.stdout.write(line), policy = {}, instances }) {
  let giveUp;
  const exited = new Promise((resolve) => (giveUp = resolve));
  const merged = { ...process.env, ...env };
  // A service gets its grace to finish what it has in flight before it is killed.
  const stopTimeoutMs = Number(merged.SHUTDOWN_GRACE_MS ?? 10_000) + 5_000;
  const byName = new Map(SERVICES.map((service) => [service.name, service]));
  const chosen = (instances ?? SERVICES.map((service) => ({ name: service.name, service: service.name }))).map((instance) => {
    const service = byName.get(instance.service);
    if (!service) throw new Error(`unknown service ${instance.service}`);
    return { ...service, name: instance.name, env: instance.env ?? {} };
  });
  const supervised = chosen.map((service) =>
    supervise(service, {
      args: mode === 'source' ? ['--conditions=source', '--import', 'tsx', service.source] : [service.dist],
      env: { ...merged, ...service.env },
      write,
      policy: { ...RESTART_POLICY, ...policy },
      onGiveUp: (exit) => giveUp(exit),
      stopTimeoutMs,
    }),
  );
  return {
    exited,
    pids: () => Object.fromEntries(supervised.map((s) => [s.name, s.pid()])),
    restarts: () => Object.fromEntries(supervised.map((s) => [s.name, s.restarts()])),
    stop: async () => {
      await Promise.all(supervised.map((s) => s.stop()));
    },
  };
}
