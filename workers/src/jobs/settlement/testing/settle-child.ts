// One settlement run in a process of its own, so a test can SIGKILL it mid-payout the way a lost
// machine or an OOM kill would end a worker. Started from source by settlement-kill.int.spec.ts.
// Settings come from the environment with the workers' own variable names, plus the target.
import { z } from 'zod';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPool } from '@concierge/platform/postgres/database';
import { ChainConfig, chainSettings, checkChainConfig, settlementMaxFeeWei } from '../../../chain/config.js';
import { hotWallet } from '../../../chain/hot-wallet.js';
import { chainProvider } from '../../../chain/provider.js';
import { settleWithdrawal, type SettlementCrashPoints } from '../settle.js';

const ChildEnv = z
  .object({
    DATABASE_URL: z.string().min(1),
    EVENT_STORE_SCHEMA: z.string().min(1),
    SETTLE_USER_ID: z.string().min(1),
    SETTLE_WITHDRAWAL_ID: z.string().min(1),
    /**
     * Where the run stops and waits to be killed: `afterSigned` holds it between recording the
     * signed transaction and sending it, a window too short to hit by timing alone.
     */
    SETTLE_PAUSE_AT: z.enum(['none', 'afterSigned']).default('none'),
  })
  .and(ChainConfig)
  .superRefine(checkChainConfig);

const env = ChildEnv.parse(process.env);
const chain = chainSettings(env);
if (!chain || !env.HOT_WALLET_PRIVATE_KEY) throw new Error('settle-child needs CHAIN_RPC_URL, USDC_ADDRESS and HOT_WALLET_PRIVATE_KEY');

const pool = createPool(env.DATABASE_URL, 2);
const eventStore = createPgEventStore({ pool, connectionString: env.DATABASE_URL, schema: env.EVENT_STORE_SCHEMA });
const provider = chainProvider(chain.rpcUrl, chain.chainId, 20);
// A pending promise alone would let node exit; the timer keeps the process alive until the kill.
const never = () => new Promise<void>(() => setInterval(() => {}, 1_000));
const crashPoints: SettlementCrashPoints = env.SETTLE_PAUSE_AT === 'afterSigned' ? { afterSigned: never } : {};

const outcome = await settleWithdrawal(
  {
    eventStore,
    provider,
    wallet: hotWallet(env.HOT_WALLET_PRIVATE_KEY),
    chain,
    confirmationTimeoutMs: env.SETTLEMENT_CONFIRMATION_TIMEOUT_MS,
    maxFeePerGas: settlementMaxFeeWei(env),
    logger: createLogger('settle-child', process.env['LOG_LEVEL'] ?? 'warn'),
    crashPoints,
  },
  { userId: env.SETTLE_USER_ID, withdrawalId: env.SETTLE_WITHDRAWAL_ID },
);
// The parent reads this line only when the run was meant to finish.
process.stdout.write(`${JSON.stringify(outcome)}\n`);
provider.destroy();
await pool.end();
