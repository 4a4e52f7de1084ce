import { Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import type { ChainSettings } from '../../../chain/config.js';
import { chainProvider } from '../../../chain/provider.js';
import { startLocalEvm, type LocalEvm } from '../../../chain/testing/local-evm.js';
import type { SettlementCrashPoints, SettlementDeps } from '../settle.js';
import { TEST_FEE_CEILING } from './approved-withdrawal.js';

/** A local EVM with the test USDC, a hot wallet holding 1,000 of it, and an event store of the test's own. */
export interface PayoutRig {
  readonly evm: LocalEvm;
  readonly token: Contract;
  readonly provider: JsonRpcProvider;
  readonly hot: Wallet;
  readonly chain: ChainSettings;
  readonly schemas: TestSchemas;
  readonly eventStore: EventStore;
}

export async function startPayoutRig(label: string, confirmations: number): Promise<PayoutRig> {
  const evm = await startLocalEvm();
  const token = await evm.deployTestUsdc();
  const funded = evm.wallets[1];
  if (!funded) throw new Error('need a second funded account');
  const provider = chainProvider(evm.rpcUrl, evm.chainId, 20);
  const hot = new Wallet(funded.privateKey);
  await (await token.getFunction('mint')(hot.address, 1_000_000_000n)).wait();
  const chain = { rpcUrl: evm.rpcUrl, chainId: evm.chainId, network: 'Avalanche' as const, tokenAddress: await token.getAddress(), confirmations };
  const schemas = await createTestSchemas(label);
  const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  return { evm, token, provider, hot, chain, schemas, eventStore };
}

export async function stopPayoutRig(rig: Partial<PayoutRig>): Promise<void> {
  await rig.schemas?.drop();
  rig.provider?.destroy();
  await rig.evm?.stop();
}

/** What a settlement job gets in the workers, pointed at the rig. */
export function payoutDeps(
  rig: Pick<PayoutRig, 'eventStore' | 'provider' | 'hot' | 'chain'>,
  options: { crashPoints?: SettlementCrashPoints | undefined; maxFeePerGas?: bigint; confirmationTimeoutMs?: number } = {},
): SettlementDeps {
  return {
    eventStore: rig.eventStore,
    provider: rig.provider,
    wallet: rig.hot,
    chain: rig.chain,
    confirmationTimeoutMs: options.confirmationTimeoutMs ?? 5_000,
    maxFeePerGas: options.maxFeePerGas ?? TEST_FEE_CEILING,
    logger: createLogger('test', 'silent'),
    ...(options.crashPoints ? { crashPoints: options.crashPoints } : {}),
  };
}
