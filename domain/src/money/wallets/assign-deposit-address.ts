import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { deriveDepositWallet, MAX_DERIVATION_INDEX } from '@concierge/platform/wallet/hd-wallet';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { reserve } from '../../shared/reservation.js';
import { walletAggregate } from './decide.js';
import { walletIndexStreamId, type DepositAddress, type WalletIndexEvent } from './wallet.js';

/**
 * Members' addresses start at index 1. Index 0 is the account any wallet app opens first when
 * someone imports the mnemonic (and, with a well-known test phrase, a publicly funded one), so it
 * is kept out of members' hands.
 */
export const FIRST_DEPOSIT_INDEX = 1;

/** How many taken indexes one reservation steps over before it gives up (only under heavy contention). */
const MAX_RESERVATION_ATTEMPTS = 100;

export interface AssignDeps extends AggregateDeps {
  readonly mnemonic: string;
}

export interface AssignResult {
  /** False when the member already had an address (a repeated or concurrent run). */
  readonly assigned: boolean;
  readonly deposit: DepositAddress;
  readonly position: Position | null;
}

async function isReserved(store: EventStore, index: number): Promise<boolean> {
  const [first] = await store.readStream(walletIndexStreamId(index), { maxCount: 1 });
  return first !== undefined;
}

/**
 * The lowest unreserved index, without a counter stream (a counter would serialize every
 * assignment on one stream). Reserved indexes always form a run FIRST..k, because an index is
 * only claimed right after the one below it was seen taken; so exponential probing finds a
 * free index above the run and binary search the run's end, in O(log k) reads.
 */
export async function lowestFreeIndex(store: EventStore): Promise<number> {
  if (!(await isReserved(store, FIRST_DEPOSIT_INDEX))) return FIRST_DEPOSIT_INDEX;
  let taken = FIRST_DEPOSIT_INDEX;
  let free = FIRST_DEPOSIT_INDEX + 1;
  while (await isReserved(store, free)) {
    taken = free;
    free = FIRST_DEPOSIT_INDEX + (free - FIRST_DEPOSIT_INDEX) * 2;
    if (free > MAX_DERIVATION_INDEX) throw new Error('Every deposit derivation index is taken');
  }
  while (free - taken > 1) {
    const middle = taken + Math.floor((free - taken) / 2);
    if (await isReserved(store, middle)) taken = middle;
    else free = middle;
  }
  return free;
}

/** Claims the lowest free index for this member; a concurrent claim of the same index moves it one up. */
export async function reserveDerivationIndex(store: EventStore, userId: string, ctx: CommandContext): Promise<number> {
  let index = await lowestFreeIndex(store);
  for (let attempt = 1; ; attempt += 1, index += 1) {
    const event: WalletIndexEvent = { type: 'DerivationIndexReserved', data: { derivationIndex: index, userId, reservedAt: ctx.now.toISOString() } };
    if ((await reserve(store, walletIndexStreamId(index), event, ctx)).held) return index;
    if (attempt >= MAX_RESERVATION_ATTEMPTS) throw new Error(`No free deposit derivation index after ${attempt} tries`);
  }
}

/**
 * Gives the member a deposit address unless they have one. Safe to run any number of times, also
 * concurrently: the wallet stream is appended at the revision read, so only one assignment lands;
 * a losing run leaves an unused index reservation behind, which costs nothing. A crash between
 * the reservation and the assignment leaves the same harmless gap, and the next run assigns.
 */
export async function assignDepositAddress(deps: AssignDeps, input: { readonly userId: string }, ctx: CommandContext): Promise<AssignResult> {
  const { userId } = input;
  let assigned: DepositAddress | undefined;
  const decision = await walletAggregate.handle(
    deps,
    userId,
    async (state) => {
      if (state.deposit !== null) return null;
      // One index per run, however often a lost race decides again.
      if (assigned === undefined) {
        const derivationIndex = await reserveDerivationIndex(deps.eventStore, userId, ctx);
        // Only the address and the path leave this scope; the private key is dropped here.
        const { address, derivationPath } = deriveDepositWallet(deps.mnemonic, derivationIndex);
        assigned = { address, derivationIndex, derivationPath };
      }
      return { type: 'AssignDepositAddress', data: { userId, ...assigned }, metadata: commandMetadata(ctx) };
    },
    ctx,
  );
  if (decision.events.length > 0 && assigned !== undefined) return { assigned: true, deposit: assigned, position: decision.position };
  // The member had an address, or another run assigned first: the state this one decided on holds it.
  if (decision.newState.deposit === null) throw new Error(`Deposit address of ${userId} neither assigned nor found`);
  return { assigned: false, deposit: decision.newState.deposit, position: null };
}
