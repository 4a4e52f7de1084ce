import { randomUUID } from 'node:crypto';
import { streamName, type Network } from '@concierge/contracts';
import { commandMetadata, toNewEvents, type CommandContext } from '@concierge/domain/shared/command-context';
import { userAggregate } from '@concierge/domain/identity/user/decide';
import type { AccountState } from '@concierge/domain/money/account/account';
import { readAccount } from '@concierge/domain/money/account/read-account';
import { withdrawalAddressesStreamId } from '@concierge/domain/money/withdrawal-addresses/withdrawal-addresses';
import { startIdentityApi, type IdentityApi, type Reply } from '../../identity/testing/harness.js';

/** A member as the money tests need one: their id and ready-made Authorization headers. */
export interface Member {
  readonly userId: string;
  readonly auth: Record<string, string>;
}

export interface MoneyApi extends IdentityApi {
  /** Authorization headers of a seeded administrator. */
  readonly admin: Record<string, string>;
  seedMember(): Promise<Member>;
  /** A subscription plan as its stream holds it (plan commands belong to another part of the platform). */
  seedPlan(feePercentage: string, options?: { deleted?: boolean }): Promise<string>;
  assignPlan(userId: string, planId: string): Promise<void>;
  /** A saved withdrawal address (the first one becomes primary, as the withdrawal addresses' decider does). */
  saveAddress(userId: string, address: string, options?: { network?: Network; primary?: boolean }): Promise<string>;
  /** POST /deposits as the admin, with a fresh transaction hash. */
  deposit(userId: string, amountUSD: number | string, transactionHash?: string): Promise<Reply>;
  account(userId: string): Promise<AccountState>;
}

const systemCtx = (now: Date): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now });

export const randomTxHash = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;

/** The command API on real PostgreSQL with helpers to set up members, plans, addresses and deposits. */
export async function startMoneyApi(label: string): Promise<MoneyApi> {
  const api = await startIdentityApi(label);
  const adminId = await api.seedUser({ email: `admin-${randomUUID()}@example.com`, password: 'Str0ngPassw0rd', role: 'admin' });
  const admin = { authorization: api.bearer(adminId, 'admin') };
  const append = async (stream: string, events: { type: string; data: Record<string, unknown> }[]) => {
    await api.store.appendToStream(stream, toNewEvents(events, systemCtx(api.clock.now)), { expectedRevision: 'any' });
  };
  const at = () => api.clock.now.toISOString();

  return {
    ...api,
    admin,
    async seedMember() {
      const userId = await api.seedUser({ email: `member-${randomUUID()}@example.com`, password: 'Str0ngPassw0rd' });
      return { userId, auth: { authorization: api.bearer(userId, 'user') } };
    },
    async seedPlan(feePercentage, options = {}) {
      const planId = randomUUID();
      const created = { planId, name: `Plan ${feePercentage}%`, feePercentage, description: '', isActive: true, createdAt: at() };
      await append(streamName('plan', planId), [
        { type: 'SubscriptionPlanCreated', data: created },
        ...(options.deleted ? [{ type: 'SubscriptionPlanDeleted', data: { planId, deletedAt: at() } }] : []),
      ]);
      return planId;
    },
    async assignPlan(userId, planId) {
      const ctx = systemCtx(api.clock.now);
      const command = { type: 'UpdateUserDetails' as const, data: { userId, subscriptionPlanId: planId }, metadata: commandMetadata(ctx) };
      await userAggregate.handle({ eventStore: api.store }, userId, command, ctx);
    },
    async saveAddress(userId, address, options = {}) {
      const addressId = randomUUID();
      const added = { userId, addressId, label: 'Main', address, network: options.network ?? 'Avalanche', addedAt: at() };
      await append(withdrawalAddressesStreamId(userId), [
        { type: 'WithdrawalAddressAdded', data: added },
        ...(options.primary === false ? [] : [{ type: 'PrimaryWithdrawalAddressSet', data: { userId, addressId, setAt: at() } }]),
      ]);
      return addressId;
    },
    deposit: (userId, amountUSD, transactionHash = randomTxHash()) =>
      api.send('POST', '/deposits', { userId, transactionHash, timestamp: '2026-11-01T10:00:00Z', amountUSD }, admin),
    account: (userId) => readAccount({ eventStore: api.store }, userId),
  };
}
