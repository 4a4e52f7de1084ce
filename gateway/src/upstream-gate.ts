/**
 * What the gateway knows of one upstream's process: up, or (re)starting. While it starts, API
 * calls wait for it (bounded) instead of failing, so `npm start` and a supervisor's restart are
 * not seen by the browser as errors; one poller per upstream serves every waiting call.
 */
export interface UpstreamGate {
  /** True once the upstream answers (at once when it was last seen up); false if it did not within the wait. */
  ready(): Promise<boolean>;
  /** A connection was refused: the process is gone or not listening yet. */
  refused(): void;
}

export interface UpstreamGateOptions {
  /** Longest a call waits for a starting upstream before it is answered 503. */
  readonly maxWaitMs: number;
  readonly pollMs?: number;
}

export function upstreamGate(base: URL, options: UpstreamGateOptions): UpstreamGate {
  const health = new URL('health', base.href.endsWith('/') ? base : `${base.href}/`);
  const pollMs = options.pollMs ?? 200;
  // Believed up until a connection is refused: a running product pays nothing for the gate.
  let up = true;
  let waiters: { deadline: number; resolve: (ok: boolean) => void }[] = [];
  let polling = false;

  const answers = () =>
    fetch(health, { signal: AbortSignal.timeout(1_000) }).then(
      async (response) => {
        await response.body?.cancel();
        return true; // any answer, even a 503 of a dependency, means the process listens
      },
      () => false,
    );

  const poll = async () => {
    if (polling) return;
    polling = true;
    while (waiters.length > 0) {
      up = await answers();
      const now = Date.now();
      const done = waiters.filter((w) => up || now >= w.deadline);
      waiters = waiters.filter((w) => !done.includes(w));
      for (const waiter of done) waiter.resolve(up);
      if (waiters.length > 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    polling = false;
  };

  return {
    ready() {
      if (up) return Promise.resolve(true);
      return new Promise((resolve) => {
        waiters.push({ deadline: Date.now() + options.maxWaitMs, resolve });
        void poll();
      });
    },
    refused() {
      up = false;
    },
  };
}
