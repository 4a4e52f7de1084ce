import type { Logger } from 'pino';
import { UserApproved, UserStatusChanged } from '@concierge/contracts';
import { assignDepositAddress } from '@concierge/command-api/money/wallets/assign-deposit-address';
import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import type { Reactor } from './reactor.js';

/** Name of the reactor and of its checkpoint. */
export const DEPOSIT_ADDRESSES = 'deposit-addresses';

export interface DepositAddressesDeps {
  readonly eventStore: EventStore;
  /** The master BIP-39 phrase (WALLET_MNEMONIC, or the development file in DATA_DIR). */
  readonly mnemonic: string;
  readonly logger: Logger;
}

/** The member an event approves: an approval, or an admin setting the status to approved. */
function approvedMember(event: RecordedEvent): string | undefined {
  if (event.type === 'UserApproved') {
    const approved = UserApproved.safeParse(event.data);
    return approved.success ? approved.data.userId : undefined;
  }
  if (event.type === 'UserStatusChanged') {
    const changed = UserStatusChanged.safeParse(event.data);
    return changed.success && changed.data.to === 'approved' ? changed.data.userId : undefined;
  }
  return undefined;
}

/**
 * Gives every approved member a deposit address. Idempotent by construction: the assignment is
 * skipped when `wallet-<userId>` already holds one and is appended at the revision read, so a
 * re-delivered or concurrently processed approval assigns nothing new. Unlike mail, assigning
 * an address is never wrong for the past, so this reactor starts from the first event.
 */
export function depositAddressesReactor(deps: DepositAddressesDeps): Reactor {
  return {
    name: DEPOSIT_ADDRESSES,
    eventTypes: new Set(['UserApproved', 'UserStatusChanged']),
    startFrom: 'start',
    async react(events) {
      for (const event of events) {
        const userId = approvedMember(event);
        if (userId === undefined) continue;
        const ctx = {
          actor: { type: 'system' as const, reason: DEPOSIT_ADDRESSES },
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          now: new Date(),
        };
        const result = await assignDepositAddress({ eventStore: deps.eventStore, mnemonic: deps.mnemonic }, userId, ctx);
        if (result.assigned) {
          deps.logger.info({ userId, derivationIndex: result.deposit.derivationIndex }, 'deposit address assigned');
        }
      }
    },
  };
}
