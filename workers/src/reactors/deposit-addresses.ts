import type { Logger } from 'pino';
import { UserApproved, UserRoleChanged, UserStatusChanged } from '@concierge/contracts';
import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import { findUserById } from '@concierge/domain/identity/user/find-user';
import { assignDepositAddress } from '@concierge/domain/money/wallets/assign-deposit-address';
import type { Reactor } from './reactor.js';

/** Name of the reactor and of its checkpoint. */
export const DEPOSIT_ADDRESSES = 'deposit-addresses';

export interface DepositAddressesDeps {
  readonly eventStore: EventStore;
  /** The master BIP-39 phrase (WALLET_MNEMONIC, or the development file in DATA_DIR). */
  readonly mnemonic: string;
  readonly logger: Logger;
}

/** The user an event may turn into an approved member: an approval, a status set to approved, a role set to user. */
function candidate(event: RecordedEvent): string | undefined {
  if (event.type === 'UserApproved') {
    const approved = UserApproved.safeParse(event.data);
    return approved.success ? approved.data.userId : undefined;
  }
  if (event.type === 'UserStatusChanged') {
    const changed = UserStatusChanged.safeParse(event.data);
    return changed.success && changed.data.to === 'approved' ? changed.data.userId : undefined;
  }
  if (event.type === 'UserRoleChanged') {
    const changed = UserRoleChanged.safeParse(event.data);
    return changed.success && changed.data.to === 'user' ? changed.data.userId : undefined;
  }
  return undefined;
}

/**
 * Gives every approved member (role user) a deposit address. Idempotent by construction: the assignment is
 * skipped when `wallet-<userId>` already holds one and is appended at the revision read, so a
 * re-delivered or concurrently processed approval assigns nothing new. Unlike mail, assigning
 * an address is never wrong for the past, so this reactor starts from the first event.
 */
export function depositAddressesReactor(deps: DepositAddressesDeps): Reactor {
  return {
    name: DEPOSIT_ADDRESSES,
    eventTypes: new Set(['UserApproved', 'UserStatusChanged', 'UserRoleChanged']),
    startFrom: 'start',
    async react(events) {
      for (const event of events) {
        const userId = candidate(event);
        if (userId === undefined) continue;
        // Only members deposit: an administrator (made one at start-up, say) gets no address, and
        // one who becomes a member later gets it then, on the role change, if approved by then.
        const user = await findUserById(deps.eventStore, userId);
        if (user === undefined || user.role !== 'user') continue;
        if (event.type === 'UserRoleChanged' && user.status !== 'approved') continue;
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
