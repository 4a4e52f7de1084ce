import os from 'node:os';
import { benchAppend } from './append.js';
import { benchAudit } from './audit.js';
import { benchBundle } from './bundle.js';
import { benchCheckpointTail } from './checkpoint-tail.js';
import { benchLogin } from './login.js';
import { benchLongStream } from './longstream.js';
import { benchPortfolioPerformance } from './portfolio-performance.js';
import { benchPortfolioRound } from './portfolio-round.js';
import { benchUsersList } from './users-list.js';
import { benchProjectionLag } from './projection-lag.js';
import { benchRebuild } from './rebuild.js';
import { benchRegister } from './register.js';

/** `npm run bench`: throughput and latency figures of the backbone on this machine. */
const only = process.argv.slice(2).filter((a) => a !== '--');
const want = (name: string) => only.length === 0 || only.includes(name);

console.log(`# concierge bench — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}`);
if (want('append')) {
  console.log('append (PostgreSQL event store)', await benchAppend(50, 5, 1));
  console.log('append (PostgreSQL event store)', await benchAppend(50, 5, 10));
}
if (want('lag')) console.log('projection lag (users, two worker processes, real Redis)', await benchProjectionLag(500, 10));
if (want('rebuild')) console.log('rebuild (users projection)', await benchRebuild(30_000));
if (want('register')) for (const row of await benchRegister()) console.log('register (HTTP, PostgreSQL event store)', row);
if (want('login')) console.log('login (HTTP, 20 concurrent, production argon2id)', await benchLogin(20, 10));
if (want('users')) for (const row of await benchUsersList()) console.log('users list (HTTP, PostgreSQL read store, 10,000 users)', row);
if (want('longstream')) for (const row of await benchLongStream()) console.log(`command on a 10,000-event ${row.stream} stream vs a new one (PostgreSQL, real handler)`, row);
if (want('portfolio')) {
  console.log('portfolio snapshot round (local EVM, workers queue and worker code, real Redis and PostgreSQL)', await benchPortfolioRound(Number(process.env['BENCH_PORTFOLIO_MEMBERS'] ?? 10_000)));
  for (const row of await benchPortfolioPerformance()) console.log('/wallets/performance (10,000 members with 90 days of hourly valuations)', row);
}
if (want('bundle')) for (const row of await benchBundle()) console.log('first-load JavaScript of a route (vite build, gzip)', row);
if (want('audit')) for (const [label, row] of await benchAudit()) console.log(label, row);
if (want('checkpoint-tail')) console.log('tail checkpoint at its defaults (1,000 events or 1 min, a look every 5 s) under 200 appends/s', await benchCheckpointTail());
process.exit(0);
