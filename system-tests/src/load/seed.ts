import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore } from '@concierge/platform/event-store/port';
import { argon2idHasher } from '@concierge/command-api/identity/password-hasher';
import { updateUser } from '@concierge/domain/identity/admin/update-user';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import { registerUser } from '@concierge/domain/identity/registration/register-user';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { recordDeposit } from '@concierge/domain/money/deposits/record-deposit';
import { addWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/add-withdrawal-address';
import { runPool } from '../bench/stats.js';

/** Every seeded account's password. */
export const LOAD_PASSWORD = 'LoadJourney1';
/** What each member is credited before the run (micro-USDC): withdrawals of 1 USDC never run out. */
const DEPOSIT_MICRO = 1_000_000_000n;

export interface SeededAccount {
  readonly userId: string;
  readonly email: string;
}

export interface Seeded {
  readonly members: readonly SeededAccount[];
  readonly admins: readonly SeededAccount[];
}

export const randomEvmAddress = () => `0x${randomBytes(20).toString('hex')}`;

/**
 * Approved members (each credited 1,000 USDC with one saved withdrawal address) and admins, written
 * by the same use cases the command API runs, straight into the event store: the run signs them
 * in, it never registers them through the per-IP registration limit. Every account's password is
 * hashed with the product's argon2id cost, once (the stored hashes are alike), so sign-ins cost
 * what they cost in production.
 */
export async function seedAccounts(eventStore: EventStore, credentials: CredentialStore, counts: { members: number; admins: number }, runId: string): Promise<Seeded> {
  const stored = await argon2idHasher().hash(LOAD_PASSWORD);
  const hasher: PasswordHasher = { hash: () => Promise.resolve(stored), verify: () => Promise.resolve(true) };
  const ctx = (): CommandContext => {
    const id = randomUUID();
    return { actor: { type: 'system', reason: 'load test seed' }, correlationId: id, causationId: id, now: new Date() };
  };
  const register = async (email: string, lastName: string, role: 'user' | 'admin') => {
    const { userId } = await registerUser({ eventStore, hasher, credentials }, { email, password: LOAD_PASSWORD, firstName: 'Load', lastName }, ctx());
    await updateUser({ eventStore }, { userId, changes: { status: 'approved', role, subscriptionPlan: undefined } }, ctx());
    return userId;
  };

  const members: SeededAccount[] = [];
  await runPool(counts.members, 8, async (i) => {
    const email = `load-${runId}-member${i}@load.example`;
    const userId = await register(email, `Member${i}`, 'user');
    await recordDeposit({ eventStore }, { source: 'admin', userId, transactionHash: `0x${randomBytes(32).toString('hex')}`, amountMicro: DEPOSIT_MICRO, timestamp: new Date().toISOString() }, ctx());
    await addWithdrawalAddress({ eventStore }, { userId, label: 'Main wallet', address: randomEvmAddress(), network: 'Avalanche' }, ctx());
    members.push({ userId, email });
  });
  const admins: SeededAccount[] = [];
  await runPool(counts.admins, 4, async (i) => {
    const email = `load-${runId}-admin${i}@load.example`;
    admins.push({ userId: await register(email, `Admin${i}`, 'admin'), email });
  });
  return { members, admins };
}
