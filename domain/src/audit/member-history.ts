import type { TimeTravelResponse } from '@concierge/contracts';
import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import { userStreamId } from '../identity/user/user.js';
import { accountStreamId } from '../money/account/account.js';
import { withdrawalAddressesStreamId } from '../money/withdrawal-addresses/withdrawal-addresses.js';
import { planStreamId } from '../plans/plan.js';
import { portfolioStreamId } from '../portfolio/snapshot/portfolio.js';
import { instantMs, memberAt, planIdAt } from './time-travel.js';

const PAGE = 1000;

/** A stream's events forwards, stopping at the first page that reaches past the instant (a stream's times only grow). */
async function readUpTo(store: EventStore, streamId: string, atMs: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let fromRevision = 0n;
  for (;;) {
    const page = await store.readStream(streamId, { fromRevision, maxCount: PAGE });
    events.push(...page);
    const last = page.at(-1);
    if (page.length < PAGE || last === undefined || instantMs(last.recordedAt) > atMs) return events;
    fromRevision = last.revision + 1n;
  }
}

/**
 * The latest event recorded at or before the instant, read backwards: a member valued hourly for
 * years has tens of thousands of valuations, and only the one in force at the instant matters.
 */
async function lastUpTo(store: EventStore, streamId: string, atMs: number): Promise<RecordedEvent[]> {
  let fromRevision: bigint | undefined;
  for (;;) {
    const page = await store.readStream(streamId, { direction: 'backwards', maxCount: 100, ...(fromRevision === undefined ? {} : { fromRevision }) });
    const found = page.find((event) => instantMs(event.recordedAt) <= atMs);
    if (found) return [found];
    const oldest = page.at(-1);
    if (page.length < 100 || oldest === undefined || oldest.revision === 0n) return [];
    fromRevision = oldest.revision - 1n;
  }
}

/**
 * Time travel over the event store: the member's account at `instant`, rebuilt from their streams
 * (see `memberAt`); undefined when no user stream has this id at all (a member registered after
 * the instant is answered, with `member: null`).
 */
export async function memberAtInstant(store: EventStore, userId: string, instant: string): Promise<TimeTravelResponse | undefined> {
  const atMs = instantMs(instant);
  const [user, account, addressBook, portfolio] = await Promise.all([
    readUpTo(store, userStreamId(userId), atMs),
    readUpTo(store, accountStreamId(userId), atMs),
    readUpTo(store, withdrawalAddressesStreamId(userId), atMs),
    lastUpTo(store, portfolioStreamId(userId), atMs),
  ]);
  if (user.length === 0) return undefined;
  const plan = await readUpTo(store, planStreamId(planIdAt(user, atMs)), atMs);
  return memberAt(userId, instant, { user, account, addressBook, portfolio, plan });
}
