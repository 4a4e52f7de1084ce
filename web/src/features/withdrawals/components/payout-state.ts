import type { WithdrawalDto } from '@concierge/contracts';

/** How an approved withdrawal's on-chain payout looks to an admin, and what they may do about it. */
export type PayoutState = {
  label: string;
  color: 'error' | 'warning' | 'info';
  /** Why it failed or waits, in the settlement job's words. */
  reason: string | null;
  /** Failed for good: nothing more happens until an admin retries or rejects it. */
  needsAdmin: boolean;
  /** A transaction may still land on chain: cancelling or completing by hand could pay twice. */
  inFlight: boolean;
};

/** Null when there is nothing to say beyond the status (no on-chain payout, or not approved any more). */
export function payoutState(withdrawal: WithdrawalDto): PayoutState | null {
  const payout = withdrawal.payout;
  if (withdrawal.status !== 'approved' || !payout) return null;
  switch (payout.stage) {
    case 'failed':
      return payout.retryable === false
        ? { label: 'Payout failed', color: 'error', reason: payout.reason, needsAdmin: true, inFlight: false }
        : { label: 'Payout retrying', color: 'warning', reason: payout.reason, needsAdmin: false, inFlight: false };
    case 'delayed':
      return { label: 'Payout delayed', color: 'warning', reason: payout.reason, needsAdmin: false, inFlight: true };
    case 'retried':
      return { label: 'Payout queued', color: 'info', reason: null, needsAdmin: false, inFlight: false };
    case 'signed':
    case 'replaced':
    case 'broadcast':
      return { label: payout.stage === 'replaced' ? 'Fee raised' : 'Paying out', color: 'info', reason: null, needsAdmin: false, inFlight: true };
    default: {
      const unknown: never = payout.stage;
      return unknown;
    }
  }
}
