/**
 * What the gateway knows of one upstream process: up, or not to be sent calls (refusing
 * connections while it (re)starts, or draining before it stops). While no replica is up, API calls
 * wait for one (bounded) instead of failing, so `npm start`, a supervisor's restart and a rolling
 * restart are not seen by the browser as errors; one poller per upstream serves every waiting call.
 */
export interface UpstreamGate {
  /** Whether calls may be sent to it now. */
  isUp(): boolean;
  /** True once the upstream answers (at once when it was last seen up); false if it did not within the wait. */
  ready(): Promise<boolean>;
  /** A connection was refused: the process is gone or not listening yet. */
  refused(): void;
}

export interface UpstreamGateOptions {
  /** Longest a call waits for a starting upstream before it is answered 503. */
  readonly maxWaitMs: number;
  readonly pollMs?: number;
  /**
   * How often the upstream's `/health` is asked even while it is believed up, so a replica that
   * says it is draining (it got SIGTERM) gets no new calls; 0 asks only after a refusal.
   */
  readonly probeMs?: number;
}

/** What one `/health` call says: the process serves, is leaving, refused the connection, or did not say. */
type Probe = 'up' | 'draining' | 'refused' | 'unknown';

/** The status a draining service's `/health` answers with (platform's serveHttp). */
const DRAINING = 'draining';

async function probe(health: URL): Promise<Probe> {
  try {
    const response = await fetch(health, { signal: AbortSignal.timeout(1_000) });
    const text = await response.text();
    // Any other answer, even a 503 of a dependency, means the process listens and serves.
    return response.status === 503 && text.includes(`"${DRAINING}"`) ? 'draining' : 'up';
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'unknown';
  }
}

export function upstreamGate(base: URL, options: UpstreamGateOptions): UpstreamGate {
  const health = new URL('health', base.href.endsWith('/') ? base : `${base.href}/`);
  const pollMs = options.pollMs ?? 200;
  // Believed up until a connection is refused or a probe says otherwise.
  let up = true;
  let waiters: { deadline: number; resolve: (ok: boolean) => void }[] = [];
  let polling = false;

  const poll = async () => {
    if (polling) return;
    polling = true;
    while (waiters.length > 0) {
      up = (await probe(health)) === 'up';
      const now = Date.now();
      const done = waiters.filter((w) => up || now >= w.deadline);
      waiters = waiters.filter((w) => !done.includes(w));
      for (const waiter of done) waiter.resolve(up);
      if (waiters.length > 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    polling = false;
  };

  if (options.probeMs) {
    let probing = false;
    setInterval(() => {
      if (probing || polling) return;
      probing = true;
      void probe(health).then((seen) => {
        probing = false;
        // A probe that timed out says nothing: a busy process is still up, a dead one refuses.
        if (seen !== 'unknown') up = seen === 'up';
      });
    }, options.probeMs).unref();
  }

  return {
    isUp: () => up,
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
