// An admin's withdrawal action in a process of its own, so a test can SIGKILL it between
// deciding and recording, the way a lost machine or an OOM kill would. Started from source by
// atomic-decision.int.spec.ts. It announces every append to the account stream on stdout
// (`appending <types>`) and, at the append that records the completion, stops: `before` never
// sends it; `within` waits for a line on stdin, then sends it for real.
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { ProcessWithdrawalRequest } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPool } from '@concierge/platform/postgres/database';
import { processWithdrawal } from '../../money/withdrawals/process-withdrawal.js';

const ChildEnv = z.object({
  DATABASE_URL: z.string().min(1),
  EVENT_STORE_SCHEMA: z.string().min(1),
  ACTION_WITHDRAWAL_ID: z.string().min(1),
  ACTION_BODY: z.string().min(1),
  ACTION_PAUSE: z.enum(['before', 'within']),
});
const env = ChildEnv.parse(process.env);

const pool = createPool(env.DATABASE_URL, 2);
const store = createPgEventStore({ pool, connectionString: env.DATABASE_URL, schema: env.EVENT_STORE_SCHEMA });
const never = () => new Promise<never>(() => setInterval(() => {}, 1_000));
const lines = createInterface({ input: process.stdin });
const nextLine = () => new Promise<void>((resolve) => lines.once('line', () => resolve()));

const pausing: EventStore = {
  ...store,
  appendToStream: async (streamId, events, options) => {
    if (!streamId.startsWith('account-')) return store.appendToStream(streamId, events, options);
    process.stdout.write(`appending ${events.map((e) => e.type).join(',')}\n`);
    if (events.some((e) => e.type === 'WithdrawalCompleted')) {
      if (env.ACTION_PAUSE === 'before') return never();
      await nextLine();
    }
    return store.appendToStream(streamId, events, options);
  },
};

const ctx = { actor: { type: 'user' as const, userId: 'admin-child', role: 'admin' }, correlationId: 'child', causationId: 'child', now: new Date() };
const answer = await processWithdrawal({ eventStore: pausing }, { withdrawalId: env.ACTION_WITHDRAWAL_ID, request: JSON.parse(env.ACTION_BODY) as ProcessWithdrawalRequest }, ctx);
process.stdout.write(`done ${answer.status}\n`);
lines.close();
await pool.end();
