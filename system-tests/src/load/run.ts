import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../bench/stats.js';
import { Recorder, type LoadError } from './client.js';
import { adminJourney, memberJourney, type JourneyContext } from './journeys.js';
import type { Seeded } from './seed.js';

export interface LoadOptions {
  /** The gateway's origin. */
  readonly base: string;
  /** Concurrent virtual users. */
  readonly users: number;
  readonly durationSeconds: number;
  /** Mean pause between a user's steps; each pause is uniform between half and one and a half times it. */
  readonly thinkMs: number;
  /** Users start evenly spread over this long. */
  readonly rampUpSeconds: number;
  /** One user in `adminEvery` is an admin (at least one), each with an account of their own when enough are seeded. */
  readonly adminEvery: number;
  readonly accounts: Seeded;
}

export interface RouteFigures {
  readonly route: string;
  readonly count: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface LoadResult {
  readonly users: number;
  readonly seconds: number;
  readonly requests: number;
  readonly routes: readonly RouteFigures[];
  readonly errors: readonly LoadError[];
  /** Failed tries of reads that were sent again (see `call`). */
  readonly retried: readonly LoadError[];
}

/** Splits the users: admins first (one in `adminEvery`, at least one when there are two users), members after. */
export function adminCount(users: number, adminEvery: number): number {
  if (users < 2) return 0;
  return Math.max(1, Math.floor(users / adminEvery));
}

/**
 * Runs `users` virtual users against the product for the duration, each looping its journey
 * (a member's or an admin's) with think time, and gathers latency per route and every error.
 * A user that is mid-journey when the time is up stops at its next step.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { members, admins } = options.accounts;
  const adminUsers = adminCount(options.users, options.adminEvery);
  if (members.length < options.users - adminUsers || (adminUsers > 0 && admins.length === 0)) {
    throw new Error(`${options.users} users need ${options.users - adminUsers} members and an admin; seeded ${members.length} and ${admins.length}`);
  }
  const recorder = new Recorder();
  const started = performance.now();
  const endsAt = started + options.durationSeconds * 1000;
  const running = () => performance.now() < endsAt;
  const ctx: JourneyContext = {
    base: options.base,
    recorder,
    running,
    think: () => sleep(options.thinkMs * (0.5 + Math.random())),
  };
  const rampStepMs = options.users > 1 ? (options.rampUpSeconds * 1000) / options.users : 0;
  await Promise.all(
    Array.from({ length: options.users }, async (_, i) => {
      await sleep(i * rampStepMs);
      const isAdmin = i < adminUsers;
      const account = isAdmin ? admins[i % admins.length] : members[i - adminUsers];
      if (!account) return;
      while (running()) {
        await (isAdmin ? adminJourney(ctx, account) : memberJourney(ctx, account));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const routes = [...recorder.latencies.entries()]
    .map(([route, samples]) => ({
      route,
      count: samples.length,
      p50Ms: percentile(samples, 50),
      p95Ms: percentile(samples, 95),
      p99Ms: percentile(samples, 99),
      maxMs: Math.max(...samples),
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
  return { users: options.users, seconds, requests: routes.reduce((n, r) => n + r.count, 0), routes, errors: recorder.errors, retried: recorder.retried };
}

const ms = (n: number) => n.toFixed(1).padStart(8);

/** The run as a table: one line per route (count, p50/p95/p99/max in ms), then every error. */
export function formatReport(result: LoadResult): string {
  const width = Math.max(5, ...result.routes.map((r) => r.route.length));
  const lines = [
    `${result.users} users, ${result.seconds.toFixed(1)} s, ${result.requests} requests (${(result.requests / result.seconds).toFixed(1)}/s), ${result.errors.length} errors, ${result.retried.length} reads retried`,
    '',
    `${'route'.padEnd(width)}  ${'count'.padStart(7)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}  ${'max ms'.padStart(8)}`,
    ...result.routes.map((r) => `${r.route.padEnd(width)}  ${String(r.count).padStart(7)}  ${ms(r.p50Ms)}  ${ms(r.p95Ms)}  ${ms(r.p99Ms)}  ${ms(r.maxMs)}`),
  ];
  const list = (title: string, entries: readonly LoadError[]) => {
    if (entries.length === 0) return;
    lines.push('', `${title} (${entries.length}):`);
    for (const e of entries) lines.push(`  ${e.atSeconds.toFixed(1).padStart(6)} s  ${String(e.status).padEnd(7)}  ${e.route}  ${e.message}`);
  };
  list('errors', result.errors);
  list('failed tries of reads sent again, as the SPA does', result.retried);
  return lines.join('\n');
}
