import type { Logger } from 'pino';
import { findUserById } from '@concierge/domain/identity/user/find-user';
import { assignDepositAddress } from '@concierge/domain/money/wallets/assign-deposit-address';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import type { ParsedEvent } from '../projections/runtime/handlers.js';
import { defineReactor, type Reactor } from './reactor.js';

/** Name of the reactor and of its checkpoint. */
export const DEPOSIT_ADDRESSES = 'deposit-addresses';

export interface DepositAddressesDeps extends AggregateDeps {
  /** The master BIP-39 phrase (WALLET_MNEMONIC, or the development file in DATA_DIR). */
  readonly mnemonic: string;
  readonly logger: Logger;
}

/**
 * Gives every approved member (role user) a deposit address. Idempotent by construction: the assignment is
 * skipped when `wallet-<userId>` already holds one and is appended at the revision read, so a
 * re-delivered or concurrently processed approval assigns nothing new. Unlike mail, assigning
 * an address is never wrong for the past, so this reactor starts from the first event.
 */
export function depositAddressesReactor(deps: DepositAddressesDeps): Reactor {
  /** Assigns the user an address if they are a member now (and, for a role change, approved). */
  async function assign(event: ParsedEvent<'UserApproved' | 'UserStatusChanged' | 'UserRoleChanged'>): Promise<void> {
    const { userId } = event.data;
    // Only members deposit: an administrator (made one at start-up, say) gets no address, and
    // one who becomes a member later gets it then, on the role change, if approved by then.
    const user = await findUserById(deps, userId);
    if (user === undefined || user.role !== 'user') return;
    if (event.type === 'UserRoleChanged' && user.status !== 'approved') return;
    const ctx = {
      actor: { type: 'system' as const, reason: DEPOSIT_ADDRESSES },
      // An event recorded before metadata was complete starts its own correlation rather than none.
      correlationId: event.metadata.correlationId || event.id,
      causationId: event.id,
      now: new Date(),
    };
    const result = await assignDepositAddress(deps, { userId }, ctx);
    if (result.assigned) {
      deps.logger.info({ userId, derivationIndex: result.deposit.derivationIndex }, 'deposit address assigned');
    }
  }

  // The events that may turn a user into an approved member: an approval, a status set to approved, a role set to user.
  return defineReactor({
    name: DEPOSIT_ADDRESSES,
    startFrom: 'start',
    on: {
      UserApproved: assign,
      UserStatusChanged: (event) => (event.data.to === 'approved' ? assign(event) : undefined),
      UserRoleChanged: (event) => (event.data.to === 'user' ? assign(event) : undefined),
    },
  });
}
