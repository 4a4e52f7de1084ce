import { randomUUID } from 'node:crypto';
import type { CommandMetadata, RecordDeposit } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { updateProfile } from '@concierge/domain/identity/profile/update-profile';
import { registerUser } from '@concierge/domain/identity/registration/register-user';
import { userStreamId } from '@concierge/domain/identity/user/user';
import { accountStreamId, initialAccountState } from '@concierge/domain/money/account/account';
import { accountAggregate, decideAccount } from '@concierge/domain/money/account/decide';
import { addWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/add-withdrawal-address';
import { removeWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/remove-withdrawal-address';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { withdrawalAddressesStreamId } from '@concierge/domain/money/withdrawal-addresses/withdrawal-addresses';
import { toNewEvents, type CommandContext } from '@concierge/domain/shared/command-context';

export const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'bench' }, correlationId: 'bench', causationId: 'bench', now: new Date() });
const hash = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
const evmAddress = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '').slice(0, 8)}`;
/** Registration needs a hasher; the bench never signs in, so a cheap one does. */
const hasher = { hash: async (password: string) => `bench:${password}`, verify: async () => false };
/** Nor does it read a credential back: registration's password is kept nowhere. */
const credentials = { put: async () => undefined, get: async () => undefined, close: async () => undefined };

type BenchEvent = { type: string; data: Record<string, unknown> };

/** Appends `events` after `revision`, 500 at a time: no command, so neither cache nor snapshot sees them. */
async function appendInBulk(store: EventStore, streamId: string, events: readonly BenchEvent[], revision: bigint | 'no_stream'): Promise<void> {
  let expected = revision;
  for (let done = 0; done < events.length; done += 500) {
    expected = (await store.appendToStream(streamId, toNewEvents(events.slice(done, done + 500), ctx()), { expectedRevision: expected })).nextRevision;
  }
}

/**
 * One stream a member can grow, and a command on it through the real handler. `build` makes a
 * stream of about `length` events in bulk; `fresh` makes what a new member has (untimed); `command`
 * is the timed command, on either.
 */
export interface LongStreamSubject {
  readonly stream: string;
  readonly events: string;
  build(store: EventStore, length: number): Promise<string>;
  fresh(store: EventStore): Promise<string>;
  command(deps: AggregateDeps, memberId: string): () => Promise<unknown>;
}

function deposit(userId: string): RecordDeposit {
  const metadata: CommandMetadata = { actor: { type: 'system', reason: 'bench' }, now: new Date().toISOString(), correlationId: 'bench', commandId: 'bench' };
  const data = { depositId: randomUUID(), userId, transactionHash: hash(), amountMicro: 1_000_000n, timestamp: metadata.now, planId: null, feePercentage: '1.5' };
  return { type: 'RecordDeposit', data, metadata };
}

/** A deposit recorded on `account-<id>`, after `length` credited deposits. */
export const accountSubject: LongStreamSubject = {
  stream: 'account',
  events: 'deposits',
  async build(store, length) {
    const userId = randomUUID();
    const events = Array.from({ length }, () => decideAccount(deposit(userId), initialAccountState)).flat();
    await appendInBulk(store, accountStreamId(userId), events.slice(0, length), 'no_stream');
    return userId;
  },
  fresh: async () => randomUUID(),
  command: (deps, userId) => () => accountAggregate.handle(deps, userId, deposit(userId), ctx()),
};

async function registered(store: EventStore): Promise<string> {
  const input = { email: `bench-${randomUUID()}@example.com`, password: 'Str0ngPassw0rd', firstName: 'Ada', lastName: 'Lovelace' };
  return (await registerUser({ eventStore: store, hasher, credentials }, input, ctx())).userId;
}

/** A profile update on `user-<id>`, after a registration and `length - 1` profile updates. */
export const userSubject: LongStreamSubject = {
  stream: 'user',
  events: 'profile updates',
  async build(store, length) {
    const userId = await registered(store);
    const [last] = await store.readStream(userStreamId(userId), { direction: 'backwards', maxCount: 1 });
    const at = new Date().toISOString();
    const updates = Array.from({ length: length - 1 }, (_, i) => ({ type: 'UserProfileUpdated', data: { userId, firstName: `Ada ${i}`, lastName: 'Lovelace', updatedAt: at } }));
    await appendInBulk(store, userStreamId(userId), updates, last?.revision ?? 0n);
    return userId;
  },
  fresh: registered,
  // A different name each run, so the command always appends (an unchanged name appends nothing).
  command: (deps, userId) => () => updateProfile(deps, { userId, firstName: `Grace ${randomUUID().slice(0, 8)}`, lastName: 'Hopper', email: undefined }, ctx()),
};

/** Addresses saved and removed one after another: what a member may do for free, as often as they like. */
function addressChurn(userId: string, length: number): BenchEvent[] {
  const at = new Date().toISOString();
  return Array.from({ length: Math.ceil(length / 2) }, () => {
    const addressId = randomUUID();
    return [
      { type: 'WithdrawalAddressAdded', data: { userId, addressId, label: 'Old', address: evmAddress(), network: 'Avalanche', addedAt: at } },
      { type: 'WithdrawalAddressRemoved', data: { userId, addressId, removedAt: at } },
    ];
  })
    .flat()
    .slice(0, length);
}

/** The address a member's long book holds between the timed commands: each command adds one or removes it. */
const heldAddress = new Map<string, string>();

/** On `addressBook-<id>` after `length` adds and removes: the timed command adds an address, or removes the one the last added. */
export const addressBookSubject: LongStreamSubject = {
  stream: 'addressBook',
  events: 'address adds/removes',
  async build(store, length) {
    const userId = randomUUID();
    await appendInBulk(store, withdrawalAddressesStreamId(userId), addressChurn(userId, length), 'no_stream');
    return userId;
  },
  fresh: async () => randomUUID(),
  command: (deps, userId) => async () => {
    const held = heldAddress.get(userId);
    if (held !== undefined) {
      heldAddress.delete(userId);
      return removeWithdrawalAddress(deps, { userId, addressId: held }, ctx());
    }
    const added = await addWithdrawalAddress(deps, { userId, label: 'Bench', address: evmAddress(), network: 'Ethereum' }, ctx());
    heldAddress.set(userId, added.addressId);
    return added;
  },
};

export const LONG_STREAM_SUBJECTS = [accountSubject, userSubject, addressBookSubject] as const;
