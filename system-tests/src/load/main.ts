import os from 'node:os';
import { parseArgs } from 'node:util';
import { cpuBetween } from './cpu.js';
import { adminCount, formatReport, runLoad } from './run.js';
import { prepareTarget } from './target.js';

// `npm run load -- --users 200 --duration 60`: member and admin journeys at a number of concurrent
// users against the product, p50/p95/p99 per route and every error; exits 1 on any error.

const USAGE = `npm run load -- [--users N] [--duration SECONDS] [--think-ms MS] [--ramp-up SECONDS] [--admin-every N]
                    [--url http://host:port --database-url postgres://... --event-store-schema NAME]
  --users         concurrent virtual users (default 50); one in --admin-every (default 10) is an admin
  --duration      seconds of load after the start (default 60)
  --think-ms      mean pause between a user's steps, reading the page (default 5000; each pause is
                  0.5x to 1.5x it)
  --ramp-up       seconds over which the users start (default a third of the duration, at most 20)
  --url           load a running product instead of starting one; the accounts are then seeded into
                  its PostgreSQL event store (--database-url, --event-store-schema; default
                  DATABASE_URL and EVENT_STORE_SCHEMA as the product reads them), and its
                  RATE_LIMIT_LOGIN_PER_IP must allow every sign-in from this machine`;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a number of at least 0, not "${value}"\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    users: { type: 'string' },
    duration: { type: 'string' },
    'think-ms': { type: 'string' },
    'ramp-up': { type: 'string' },
    'admin-every': { type: 'string' },
    url: { type: 'string' },
    'database-url': { type: 'string' },
    'event-store-schema': { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const users = Math.max(1, Math.floor(positive('users', values.users, 50)));
const durationSeconds = positive('duration', values.duration, 60);
const thinkMs = positive('think-ms', values['think-ms'], 5000);
const rampUpSeconds = positive('ramp-up', values['ramp-up'], Math.min(20, durationSeconds / 3));
const adminEvery = Math.max(1, Math.floor(positive('admin-every', values['admin-every'], 10)));
const admins = adminCount(users, adminEvery);

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
const log = (line: string) => console.log(`[load] ${line}`);
log(`${os.cpus().length} cores, Node ${process.version}, load average ${load()}`);
const target = await prepareTarget({
  members: users - admins,
  admins,
  url: values.url,
  databaseUrl: values['database-url'],
  eventStoreSchema: values['event-store-schema'],
  log,
});
let errors: number;
try {
  log(`${users} users (${admins} admins) for ${durationSeconds} s, think ${thinkMs} ms, ramp-up ${rampUpSeconds.toFixed(1)} s against ${target.base}; load average ${load()}`);
  const cpuBefore = await target.cpu?.();
  const harnessBefore = process.cpuUsage();
  const result = await runLoad({ base: target.base, users, durationSeconds, thinkMs, rampUpSeconds, adminEvery, accounts: target.accounts });
  const cpuAfter = await target.cpu?.();
  console.log(formatReport(result));
  if (cpuBefore && cpuAfter) {
    // What the product spent, whatever else the machine ran: comparable across runs on a busy machine.
    const used = cpuBetween(cpuBefore, cpuAfter);
    const total = Object.values(used).reduce((a, b) => a + b, 0);
    const harness = process.cpuUsage(harnessBefore);
    const parts = Object.entries(used).map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`);
    console.log(`\nCPU used by the product during the run: ${parts.join(', ')}; ${total.toFixed(1)} s in all, ${((total * 1000) / Math.max(1, result.requests)).toFixed(1)} ms per request, ${(total / result.seconds).toFixed(2)} cores on average; the load harness ${((harness.user + harness.system) / 1e6).toFixed(1)} s`);
  }
  if (result.errors.length > 0 && target.output.length > 0) {
    // What the product's processes said about it: the gateway's upstream warnings, restarts, errors.
    const told = target.output.filter((line) => /Upstream|\[supervisor\]|"level":(50|60)/.test(line));
    console.log(`\nthe services printed ${told.length} warnings about upstreams, restarts or errors${told.length > 0 ? ':' : ''}`);
    for (const line of told.slice(0, 40)) process.stdout.write(`  ${line}`);
  }
  log(`load average at the end ${load()}`);
  errors = result.errors.length;
} finally {
  await target.close();
}
process.exit(errors > 0 ? 1 : 0);
