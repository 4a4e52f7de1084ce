import { randomUUID } from 'node:crypto';
import type { EventStore } from '@concierge/platform/event-store/port';
import { approveUser } from '../../identity/admin/approve-user.js';
import { updateUser } from '../../identity/admin/update-user.js';
import { registerUser } from '../../identity/registration/register-user.js';
import { recordDeposit } from '../../money/deposits/record-deposit.js';
import { assignDepositAddress } from '../../money/wallets/assign-deposit-address.js';
import { addWithdrawalAddress } from '../../money/withdrawal-addresses/add-withdrawal-address.js';
import { processWithdrawal } from '../../money/withdrawals/process-withdrawal.js';
import { requestWithdrawal } from '../../money/withdrawals/request-withdrawal.js';
import { createPlan } from '../../plans/create-plan.js';
import { ensureDefaultPlan } from '../../plans/ensure-default-plan.js';
import { ledgerSourcesOf, ledgerTokenName } from '../../portfolio/snapshot/ledger.js';
import { recordPortfolioSnapshots } from '../../portfolio/snapshot/record-snapshots.js';
import type { CommandContext } from '../../shared/command-context.js';
import { createStrategy } from '../../strategies/create-strategy.js';

/** A hasher for journeys only: the identity flows need one, nobody signs in here. */
const journeyHasher = { hash: async (password: string) => `journey$${password.length}`, verify: async () => false };
/** Journeys never sign in, so the password's credential is never read back: nothing is kept. */
const journeyCredentials = { put: async () => undefined, get: async () => undefined, close: async () => undefined };

const admin = (): CommandContext => ({ actor: { type: 'user', userId: 'journey-admin', role: 'admin' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() });
const member = (userId: string): CommandContext => ({ ...admin(), actor: { type: 'user', userId, role: 'user' } });

/** Store times advance between steps, so every step has an instant of its own. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** What a journey made, for the specs to look at. */
export interface MemberJourney {
  readonly userId: string;
  readonly planId: string;
  readonly depositId: string;
  readonly rejectedWithdrawalId: string;
  readonly completedWithdrawalId: string;
}

/**
 * One member's life through the identity, plans, money, strategies and portfolio use cases on a
 * real store: registered, approved, given a deposit address, put on a new plan, an address saved,
 * 100 USDC deposited, a withdrawal rejected, another approved and completed, a strategy group
 * created and a ledger valuation recorded. `n` keeps names and hashes apart in one store.
 */
export async function memberJourney(eventStore: EventStore, n: number): Promise<MemberJourney> {
  const deps = { eventStore };
  await ensureDefaultPlan(deps, { feePercentage: '1' }, admin());
  const { userId } = await registerUser({ eventStore, hasher: journeyHasher, credentials: journeyCredentials }, { firstName: 'Ada', lastName: `Journey${n}`, email: `journey${n}-${randomUUID()}@example.com`, password: 'Analytical1' }, admin());
  await tick();
  await approveUser(deps, { userId }, admin());
  // The well-known development mnemonic: journeys hold no real funds.
  await assignDepositAddress({ eventStore, mnemonic: 'test test test test test test test test test test test junk' }, { userId }, admin());
  const { plan } = await createPlan(deps, { name: `Journey plan ${n} ${randomUUID().slice(0, 8)}`, feePercentage: '2.5', description: 'journey', isActive: true }, admin());
  await updateUser(deps, { userId, changes: { subscriptionPlan: plan.planId } }, admin());
  const address = await addWithdrawalAddress(deps, { userId, label: 'Main', address: '0x1111111111111111111111111111111111111111', network: 'Avalanche' }, member(userId));
  await tick();
  const hash = (k: number) => `0x${(n * 16 + k).toString(16).padStart(64, '0')}`;
  const deposit = await recordDeposit(deps, { source: 'admin', userId, transactionHash: hash(1), amountMicro: 100_000_000n, timestamp: new Date().toISOString() }, admin());
  await tick();
  const rejected = await requestWithdrawal(deps, { userId, amount: 10_000_000n, asset: 'USDC', withdrawalAddressId: address.addressId }, member(userId));
  await tick();
  await processWithdrawal(deps, { withdrawalId: rejected.withdrawalId, request: { action: 'reject', rejectionReason: 'Address not verified' } }, admin());
  await tick();
  const completed = await requestWithdrawal(deps, { userId, amount: 5_000_000n, asset: 'USDC', withdrawalAddressId: address.addressId }, member(userId));
  await processWithdrawal(deps, { withdrawalId: completed.withdrawalId, request: { action: 'approve' } }, admin());
  await processWithdrawal(deps, { withdrawalId: completed.withdrawalId, request: { action: 'complete', transactionHash: hash(2) } }, admin());
  await createStrategy(
    deps,
    { name: `journey-${n}-${randomUUID().slice(0, 8)}`, displayName: `Journey ${n}`, description: '', color: '#22C55E', riskLevel: 'moderate', riskWeight: 0.5, tokenSymbols: [`J${n}X${randomUUID().slice(0, 4).toUpperCase()}`] },
    admin(),
  );
  await tick();
  const sources = ledgerSourcesOf(deps);
  const context = (): CommandContext => ({ actor: { type: 'system', reason: 'portfolio snapshot' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() });
  await recordPortfolioSnapshots({ eventStore, sources, chainId: null, tokenName: ledgerTokenName }, {
    pin: await sources.pins.pin(),
    targets: [{ userId, address: null, slot: `request:${randomUUID()}`, reason: 'admin', requestId: randomUUID() }],
    context,
  });
  return { userId, planId: plan.planId, depositId: deposit.depositId, rejectedWithdrawalId: rejected.withdrawalId, completedWithdrawalId: completed.withdrawalId };
}
