import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';

/** A member-address mnemonic distinct from the local EVM's funded accounts, as in production. */
export const MEMBER_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

function event(type: string, data: Record<string, unknown>): NewEvent {
  const id = randomUUID();
  const at = new Date().toISOString();
  return { id, type, data, metadata: { actor: { type: 'user', userId: 'admin-1', role: 'admin' }, correlationId: id, causationId: id, occurredAt: at, schemaVersion: 1 } };
}

/** A subscription plan with this fee, as an admin would create it. */
export async function createPlan(eventStore: EventStore, feePercentage: string): Promise<string> {
  const planId = randomUUID();
  const createdAt = new Date().toISOString();
  await eventStore.appendToStream(
    `plan-${planId}`,
    [event('SubscriptionPlanCreated', { planId, name: `Plan ${feePercentage}%`, feePercentage, description: '', isActive: true, createdAt })],
    { expectedRevision: 'no_stream' },
  );
  return planId;
}

/**
 * An approved member on `planId` whose deposit address is derived at `index` from MEMBER_MNEMONIC,
 * written as the events the command API appends for registration, approval, plan and address.
 */
export async function memberWithDepositAddress(
  eventStore: EventStore,
  options: { index: number; planId: string | null },
): Promise<{ userId: string; address: string }> {
  const userId = randomUUID();
  const at = new Date().toISOString();
  await eventStore.appendToStream(
    `user-${userId}`,
    [
      event('UserRegistered', {
        userId,
        firstName: 'Grace',
        lastName: `Hopper${options.index}`,
        email: `member-${userId}@example.com`,
        passwordHash: '$argon2id$v=19$m=8192,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
        role: 'user',
        registeredAt: at,
      }),
      event('UserApproved', { userId, approvedAt: at }),
      event('UserSubscriptionPlanChanged', { userId, planId: options.planId, changedAt: at }),
    ],
    { expectedRevision: 'no_stream' },
  );
  const wallet = deriveDepositWallet(MEMBER_MNEMONIC, options.index);
  await eventStore.appendToStream(
    `wallet-${userId}`,
    [
      event('DepositAddressAssigned', {
        userId,
        address: wallet.address,
        derivationIndex: options.index,
        derivationPath: wallet.derivationPath,
        assignedAt: at,
      }),
    ],
    { expectedRevision: 'no_stream' },
  );
  return { userId, address: wallet.address };
}
