import { randomUUID } from 'node:crypto';
import type { Network } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { accountAggregate, type AccountCommand } from '@concierge/domain/money/account/decide';
import { commandMetadata, type CommandContext } from '@concierge/domain/shared/command-context';

/** The default SETTLEMENT_MAX_FEE_GWEI (100 gwei) in wei: far above a local chain's fees. */
export const TEST_FEE_CEILING = 100_000_000_000n;

type Unsent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

const admin = { type: 'user', userId: 'admin-1', role: 'admin' } as const;

async function run(eventStore: EventStore, userId: string, command: Unsent<AccountCommand>, actor: CommandContext['actor'] = admin) {
  const id = randomUUID();
  const ctx: CommandContext = { actor, correlationId: id, causationId: id, now: new Date() };
  await accountAggregate.handle({ eventStore }, userId, { ...command, metadata: commandMetadata(ctx) }, ctx);
}

/**
 * A member with a deposit and one withdrawal an admin approved, through the account decider as
 * the command API would do it. Returns the ids the settlement job needs.
 */
export async function approvedWithdrawal(
  eventStore: EventStore,
  options: { amountMicro: bigint; to: string; network?: Network },
): Promise<{ userId: string; withdrawalId: string }> {
  const userId = randomUUID();
  const withdrawalId = randomUUID();
  const depositHash = `0x${randomUUID().replaceAll('-', '').padEnd(64, '0')}`;
  await run(eventStore, userId, {
    type: 'RecordDeposit',
    data: {
      depositId: randomUUID(),
      userId,
      transactionHash: depositHash,
      amountMicro: options.amountMicro * 2n,
      timestamp: new Date().toISOString(),
      planId: null,
      feePercentage: '0',
    },
  });
  const destination = { addressId: randomUUID(), label: 'Main', address: options.to, network: options.network ?? 'Avalanche' };
  await run(
    eventStore,
    userId,
    { type: 'RequestWithdrawal', data: { userId, withdrawalId, amountMicro: options.amountMicro, asset: 'USDC', destination } },
    { type: 'user', userId, role: 'user' },
  );
  await run(eventStore, userId, { type: 'ApproveWithdrawal', data: { userId, withdrawalId } });
  return { userId, withdrawalId };
}
