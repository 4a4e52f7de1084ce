import { DEFAULT_PLAN_ID, formatMicroUsdc, toMicroText, type ExactAmount, type TimeTravelResponse } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '../identity/user/user.js';
import { evolveAccount, initialAccountState, type AccountEvent, type AccountState } from '../money/account/account.js';
import {
  evolveWithdrawalAddresses,
  initialWithdrawalAddressesState,
  type WithdrawalAddressEvent,
  type WithdrawalAddressesState,
} from '../money/withdrawal-addresses/withdrawal-addresses.js';
import { evolvePlan, initialPlanState, planStreamId, type PlanEvent, type PlanState } from '../plans/plan.js';
import type { PortfolioEvent } from '../portfolio/snapshot/portfolio.js';
import { toDomainEvent } from '../shared/aggregate.js';
import type { DomainEvent } from '../shared/command-context.js';

/**
 * Time travel: a member's account as the events said it stood at an instant, folded with the
 * aggregates' own `evolve`, so the answer is what the write side itself would have decided on.
 *
 * Which time: the store's `recordedAt` (set by the event store inside the append, to the
 * millisecond as readers get it), never `metadata.occurredAt` (the writer's decision time, a few
 * milliseconds earlier and supplied by the writer). An event belongs to the instant when
 * `recordedAt <= instant`: the instant of an event includes it, a millisecond before excludes it.
 * PostgreSQL keeps microseconds and readers get them cut to the millisecond, so an instant names
 * its whole millisecond: an event recorded at 12:00:00.123456 is in 12:00:00.123, not in .122.
 */

/**
 * The member's streams, each in revision order and read at least up to the instant; `plan` is the
 * stream of the plan the member was on then; `portfolio` may be only its tail (a valuation is whole
 * in its event), since revisions are contiguous the counts come from the revisions.
 */
export interface MemberStreams {
  readonly user: readonly RecordedEvent[];
  readonly account: readonly RecordedEvent[];
  readonly addressBook: readonly RecordedEvent[];
  readonly portfolio: readonly RecordedEvent[];
  readonly plan: readonly RecordedEvent[];
}

// Records, not lists, so a new event type of an aggregate fails to compile until it is named here.
const USER_TYPES: Record<UserEvent['type'], true> = {
  UserRegistered: true, UserApproved: true, UserRejected: true, UserStatusChanged: true, UserRoleChanged: true,
  UserSubscriptionPlanChanged: true, UserProfileUpdated: true, UserPasswordChanged: true, UserPasswordReset: true,
  UserPasswordReplaced: true, UserSessionsEnded: true, UserEmailVerificationIssued: true, UserEmailVerified: true, UserRegistrationRepeated: true,
};
const ACCOUNT_TYPES: Record<AccountEvent['type'], true> = {
  DepositRecorded: true, DepositDetected: true, WithdrawalRequested: true, WithdrawalApproved: true, WithdrawalRejected: true,
  WithdrawalCancelled: true, WithdrawalSettlementSigned: true, WithdrawalSettlementReplaced: true, WithdrawalSettlementBroadcast: true,
  WithdrawalSettlementDelayed: true, WithdrawalSettlementFailed: true, WithdrawalPayoutRetried: true, WithdrawalCompleted: true,
};
const ADDRESS_TYPES: Record<WithdrawalAddressEvent['type'], true> = {
  WithdrawalAddressAdded: true, WithdrawalAddressEdited: true, WithdrawalAddressRemoved: true, PrimaryWithdrawalAddressSet: true,
};
const PLAN_TYPES: Record<PlanEvent['type'], true> = {
  SubscriptionPlanCreated: true, SubscriptionPlanUpdated: true, SubscriptionPlanActivated: true, SubscriptionPlanDeactivated: true,
  SubscriptionPlanDeleted: true, SubscriptionPlanMemberAdded: true, SubscriptionPlanMemberRemoved: true,
};

/** Epoch milliseconds of an ISO instant; throws on text that is not one (the route validated it). */
export function instantMs(instant: string): number {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${instant}`);
  return ms;
}

/** The events of a stream recorded at or before the instant (a stream is in revision order, and its times only grow). */
export function recordedBy(events: readonly RecordedEvent[], atMs: number): RecordedEvent[] {
  return events.filter((event) => instantMs(event.recordedAt) <= atMs);
}

/** Folds the events of the given types (a stream may hold others, e.g. a claim) with the aggregate's evolve. */
function fold<S, E extends DomainEvent>(events: readonly RecordedEvent[], types: Record<string, true>, initial: S, evolve: (s: S, e: E) => S): S {
  return events.filter((event) => Object.hasOwn(types, event.type)).reduce((state, event) => evolve(state, toDomainEvent<E>(event)), initial);
}

/** The plan the member was on at the instant: the user stream's last choice, else the default plan. */
export function planIdAt(userEvents: readonly RecordedEvent[], atMs: number): string {
  const user = fold<UserState, UserEvent>(recordedBy(userEvents, atMs), USER_TYPES, initialUserState, evolveUser);
  return (user.status === 'unregistered' ? null : user.planId) ?? DEFAULT_PLAN_ID;
}

const amount = (micro: bigint): ExactAmount => ({ micro: toMicroText(micro), usdc: formatMicroUsdc(micro) });

/** The member's account at `instant` (ISO, to the millisecond), from their streams read up to at least then. */
export function memberAt(userId: string, instant: string, streams: MemberStreams): TimeTravelResponse {
  const atMs = instantMs(instant);
  const seen = {
    user: recordedBy(streams.user, atMs),
    account: recordedBy(streams.account, atMs),
    addressBook: recordedBy(streams.addressBook, atMs),
    portfolio: recordedBy(streams.portfolio, atMs),
    plan: recordedBy(streams.plan, atMs),
  };
  const user = fold<UserState, UserEvent>(seen.user, USER_TYPES, initialUserState, evolveUser);
  const account = fold<AccountState, AccountEvent>(seen.account, ACCOUNT_TYPES, initialAccountState, evolveAccount);
  const addresses = fold<WithdrawalAddressesState, WithdrawalAddressEvent>(seen.addressBook, ADDRESS_TYPES, initialWithdrawalAddressesState, evolveWithdrawalAddresses);
  const plan = fold<PlanState, PlanEvent>(seen.plan, PLAN_TYPES, initialPlanState, evolvePlan);
  return {
    userId,
    instant: new Date(atMs).toISOString(),
    member:
      user.status === 'unregistered'
        ? null
        : { status: user.status, role: user.role, firstName: user.firstName, lastName: user.lastName, email: user.email, registeredAt: user.registeredAt },
    account: accountView(account, seen.account),
    withdrawalAddresses: [...addresses.addresses.values()].map((a) => ({ ...a, primary: a.addressId === addresses.primaryId })),
    plan: plan.status === 'live' ? { planId: plan.planId, name: plan.name, feePercentage: plan.feePercentage, isActive: plan.isActive } : null,
    portfolio: latestValuation(seen.portfolio),
    streams: [
      ...Object.entries({ user: seen.user, account: seen.account, addressBook: seen.addressBook, portfolio: seen.portfolio }).map(([category, events]) =>
        evidence(`${category}-${userId}`, events),
      ),
      evidence(planStreamId(planIdAt(streams.user, atMs)), seen.plan),
    ],
  };
}

/** When each withdrawal was requested and last changed, and each deposit credited: the store times of their events. */
function timesOf(events: readonly RecordedEvent[]): { withdrawals: Map<string, { requestedAt: string; updatedAt: string }>; deposits: Map<string, string> } {
  const withdrawals = new Map<string, { requestedAt: string; updatedAt: string }>();
  const deposits = new Map<string, string>();
  for (const event of events) {
    const withdrawalId = event.data['withdrawalId'];
    const depositId = event.data['depositId'];
    if (typeof depositId === 'string' && !deposits.has(depositId)) deposits.set(depositId, event.recordedAt);
    if (typeof withdrawalId !== 'string') continue;
    const known = withdrawals.get(withdrawalId);
    withdrawals.set(withdrawalId, { requestedAt: known?.requestedAt ?? event.recordedAt, updatedAt: event.recordedAt });
  }
  return { withdrawals, deposits };
}

function accountView(state: AccountState, events: readonly RecordedEvent[]): TimeTravelResponse['account'] {
  const times = timesOf(events);
  return {
    balance: amount(state.balanceMicro),
    reserved: amount(state.reservedMicro),
    available: amount(state.availableMicro),
    deposits: [...state.deposits.entries()].map(([depositId, d]) => ({
      depositId,
      transactionHash: d.transactionHash,
      amount: amount(d.amountMicro),
      fee: amount(d.feeMicro),
      creditedAt: times.deposits.get(depositId) ?? '',
    })),
    withdrawals: [...state.withdrawals.entries()].map(([withdrawalId, w]) => ({
      withdrawalId,
      status: w.status,
      amount: amount(w.amountMicro),
      destination: w.destination,
      rejectionReason: w.rejectionReason,
      transactionHash: w.transactionHash,
      requestedAt: times.withdrawals.get(withdrawalId)?.requestedAt ?? '',
      updatedAt: times.withdrawals.get(withdrawalId)?.updatedAt ?? '',
    })),
  };
}

/** The last valuation recorded by the instant: valuations are facts in their events, the aggregate only dedupes slots. */
function latestValuation(events: readonly RecordedEvent[]): TimeTravelResponse['portfolio'] {
  const last = events.filter((event) => event.type === 'PortfolioSnapshotRecorded').at(-1);
  if (last === undefined) return null;
  const { data } = toDomainEvent<PortfolioEvent>(last);
  return {
    snapshotId: data.snapshotId,
    asOf: data.asOf,
    source: data.source,
    totalValue: amount(BigInt(data.totalValueMicro)),
    holdings: data.holdings.map((h) => ({ symbol: h.symbol, balance: h.balance, decimals: h.decimals, value: amount(BigInt(h.valueMicro)) })),
  };
}

function evidence(streamId: string, events: readonly RecordedEvent[]): TimeTravelResponse['streams'][number] {
  const last = events.at(-1);
  return { streamId, eventsIncluded: last === undefined ? 0 : Number(last.revision) + 1, lastRevision: last === undefined ? null : Number(last.revision), lastRecordedAt: last?.recordedAt ?? null };
}
