import { randomUUID } from 'node:crypto';
import type { UserReadModel } from '@concierge/contracts';
import type { ReplicatedProduct } from './replicated-product.js';
import { linkIn, waitForMail } from './outbox.js';
import { CONFIRM_SUBJECT, countWorkers } from './scale-out-state.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a client heard back from one command. */
export interface Outcome {
  readonly command: string;
  /** When the answer came (ms since the epoch). */
  readonly at: number;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly message?: string;
}

/** One read with the position of the write it follows: where it went, how long it took, whether it saw the write. */
export interface Read {
  readonly via: string;
  readonly status: number;
  readonly reached: boolean;
  readonly found: boolean;
  readonly ms: number;
}

export interface Run {
  /** Each command's last answer: a client tries again (up to three times) after a 503's Retry-After. */
  readonly commands: readonly Outcome[];
  /** The answers that were tried again. */
  readonly refusals: readonly Outcome[];
  readonly reads: readonly Read[];
  readonly approvals: number;
  /** How long reads with X-Min-Position took (the query API's wait for its projections included). */
  readonly waits: { readonly p50: number; readonly p99: number; readonly max: number };
  /** The worst projection lag the query API's /ready reported while the run went on. */
  readonly maxLagMs: number;
}

export interface Journeys {
  /** Clients register, read back and approve one after another while `during` runs, then stop. */
  run(label: string, options: { clients: number; readsVia: 'each query API' | 'gateway' }, during: () => Promise<void>): Promise<Run>;
  /** Resolves once the supervisor has started `name` again (a pid other than `before`) and it serves. */
  replaced(name: string, before: number | undefined): Promise<void>;
  /** How long each replaced process took to go (SIGTERM to a new pid) and to come back (to serving). */
  readonly timings: readonly { name: string; stoppedMs: number; startedMs: number }[];
  /** Emails whose registration was answered 201. */
  readonly registered: ReadonlySet<string>;
  /** Email by user id, for users whose approval was answered 2xx. */
  readonly approved: ReadonlyMap<string, string>;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Member journeys against a replicated product, remembering every acknowledged command. */
export function journeys(product: ReplicatedProduct, admin: string): Journeys {
  const registered = new Set<string>();
  const approved = new Map<string, string>();

  const once = async (path: string, body: unknown, authorization?: string) => {
    try {
      const response = await fetch(`${product.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      const parsed = text.startsWith('{') ? (JSON.parse(text) as { message?: string; position?: string | null }) : {};
      return {
        outcome: { command: path, at: Date.now(), status: response.status, retryAfter: response.headers.get('retry-after'), ...(parsed.message ? { message: parsed.message } : {}) },
        position: parsed.position ?? undefined,
      };
    } catch (error) {
      return { outcome: { command: path, at: Date.now(), status: 0, retryAfter: null, message: String(error) }, position: undefined };
    }
  };

  /** Sends a command as a client that honours Retry-After: a 503 with it is sent again (at most three times in all). */
  const command = async (refusals: Outcome[], path: string, body: unknown, authorization?: string) => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await once(path, body, authorization);
      const retryAfter = Number(answer.outcome.retryAfter);
      if (answer.outcome.status !== 503 || !(retryAfter > 0) || attempt === 3) return answer;
      refusals.push(answer.outcome);
      await sleep(retryAfter * 1_000);
    }
  };

  const read = async <T>(via: string, path: string, position: string | undefined, found: (body: T) => boolean): Promise<Read & { body?: T }> => {
    const started = Date.now();
    try {
      const response = await fetch(`${via}${path}`, {
        headers: { authorization: admin, ...(position ? { 'x-min-position': position } : {}) },
        signal: AbortSignal.timeout(20_000),
      });
      const body = response.status === 200 ? ((await response.json()) as T) : undefined;
      if (!body) await response.body?.cancel();
      const reached = response.headers.get('x-position-reached') !== 'false';
      return { via, status: response.status, reached, found: body !== undefined && found(body), ms: Date.now() - started, ...(body ? { body } : {}) };
    } catch {
      return { via, status: 0, reached: false, found: false, ms: Date.now() - started };
    }
  };

  const queryApi = (n: number) => product.queryUrls[n % product.queryUrls.length] ?? product.base;

  const timings: { name: string; stoppedMs: number; startedMs: number }[] = [];
  return {
    registered,
    approved,
    timings,
    async run(label, { clients, readsVia }, during) {
      const commands: Outcome[] = [];
      const refusals: Outcome[] = [];
      const reads: Read[] = [];
      let approvals = 0;
      let going = true;
      const client = async (c: number) => {
        for (let n = 0; going; n += 1) {
          const email = `${label}-${c}-${n}-${randomUUID().slice(0, 6)}@example.com`;
          const registration = await command(refusals, '/api/auth/register', { email, password: 'Analytical1', firstName: 'Scale', lastName: `Out${n}` });
          commands.push(registration.outcome);
          if (registration.outcome.status !== 201) {
            await sleep(200);
            continue;
          }
          registered.add(email);
          // Read your write: straight from one query API or the other, or through the gateway.
          const search = await read<{ users: UserReadModel[]; total: number }>(
            readsVia === 'gateway' ? product.base : queryApi(n),
            `/api/users?search=${encodeURIComponent(email)}`,
            registration.position,
            (body) => body.total === 1 && body.users[0]?.email === email,
          );
          reads.push(search);
          const userId = search.body?.users[0]?.id;
          if (n % 3 !== 0 || !userId) continue;
          // Every third member opens the link mailed by the workers, and an admin approves them.
          const mail = await waitForMail(product.dataDir, email, CONFIRM_SUBJECT, 20_000).catch(() => undefined);
          if (!mail) continue;
          const confirmation = await command(refusals, '/api/auth/verify-email', { token: linkIn(mail, '/verify-email').searchParams.get('token') });
          commands.push(confirmation.outcome);
          if (confirmation.outcome.status !== 200) continue;
          const approval = await command(refusals, `/api/users/${userId}/approve`, {}, admin);
          commands.push(approval.outcome);
          if (approval.outcome.status < 200 || approval.outcome.status > 299) continue;
          approved.set(userId, email);
          approvals += 1;
          // ...and the approval through the other query API: it was applied after the registration.
          reads.push(
            await read<UserReadModel>(readsVia === 'gateway' ? product.base : queryApi(n + 1), `/api/users/${userId}`, approval.position, (body) => body.status === 'approved'),
          );
        }
      };
      let maxLagMs = 0;
      const sampler = (async () => {
        while (going) {
          const ready = await fetch(`${product.queryUrls[0]}/ready`).then(
            async (r) => (await r.json()) as { checks?: { projections?: { lagMs?: Record<string, number> } } },
            () => undefined,
          );
          maxLagMs = Math.max(maxLagMs, ...Object.values(ready?.checks?.projections?.lagMs ?? {}));
          await sleep(250);
        }
      })();
      const running = Array.from({ length: clients }, (_, c) => client(c));
      try {
        await during();
      } finally {
        going = false;
        await Promise.all([...running, sampler]);
      }
      const waits = reads.filter((r) => r.status === 200).map((r) => r.ms).sort((a, b) => a - b);
      return { commands, refusals, reads, approvals, waits: { p50: percentile(waits, 50), p99: percentile(waits, 99), max: waits.at(-1) ?? 0 }, maxLagMs };
    },
    async replaced(name, before) {
      const deadline = Date.now() + 60_000;
      const [service, replica] = [name.replace(/-\d+$/, ''), Number(name.split('-').at(-1)) - 1];
      const url = service === 'command-api' ? product.commandUrls[replica] : service === 'query-api' ? product.queryUrls[replica] : undefined;
      const serves = async () => {
        const pid = product.pids()[name];
        if (pid === undefined || pid === before) return false;
        if (url) return fetch(`${url}/health`).then((r) => r.ok, () => false);
        // A worker process serves once its projections worker is connected beside the other one's.
        return (await countWorkers(product, 'PROJECTIONS')) >= 2;
      };
      const started = Date.now();
      let newPidAt: number | undefined;
      while (!(await serves())) {
        if (Date.now() > deadline) throw new Error(`${name} was not back within 60 s:\n${product.output.slice(-30).join('')}`);
        if (newPidAt === undefined && ![undefined, before].includes(product.pids()[name])) newPidAt = Date.now();
        await sleep(100);
      }
      timings.push({ name, stoppedMs: (newPidAt ?? Date.now()) - started, startedMs: Date.now() - (newPidAt ?? Date.now()) });
    },
  };
}
