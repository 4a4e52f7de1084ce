import { useState } from 'react';
import type { WithdrawalDto } from '@concierge/contracts';
import { TransactionHash } from '@concierge/contracts/shared/chain';
import { WithdrawalRejectionReason } from '@concierge/contracts/withdrawals/fields';
import { formatAmount, shortenAddress } from '../../../lib/format';
import { TextPromptDialog, type TextPromptDialogProps } from '../../../components/text-prompt-dialog';

/** The moves that ask for something first; Approve needs nothing and goes straight through. */
export type DialogAction = 'reject' | 'complete' | 'cancel';

export type PendingDialog = { withdrawal: WithdrawalDto; action: DialogAction };

type DialogSettings = Pick<TextPromptDialogProps, 'title' | 'label' | 'confirmLabel' | 'confirmColor' | 'schema' | 'multiline' | 'helperText'>;

/** A rejection needs a reason, a completion the payout's transaction hash. */
const SETTINGS: Record<DialogAction, DialogSettings> = {
  reject: { title: 'Reject Withdrawal', label: 'Rejection reason', confirmLabel: 'Reject', confirmColor: 'error', schema: WithdrawalRejectionReason, multiline: true },
  complete: {
    title: 'Complete Withdrawal',
    label: 'Transaction hash',
    confirmLabel: 'Complete',
    confirmColor: 'success',
    schema: TransactionHash,
    helperText: 'The hash of the payout transaction: 0x followed by 64 hexadecimal characters.',
  },
  cancel: {
    title: 'Cancel Withdrawal',
    label: 'Reason (optional)',
    confirmLabel: 'Cancel Withdrawal',
    confirmColor: 'warning',
    multiline: true,
    helperText: 'The reserved amount goes back to the member.',
  },
};

type WithdrawalActionDialogProps = {
  /** The withdrawal and the move being made; null keeps the dialog closed. */
  pending: PendingDialog | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (pending: PendingDialog, value: string) => void;
};

/** The Reject, Complete and Cancel dialogs of Withdrawal Management. */
export function WithdrawalActionDialog({ pending, busy, onClose, onConfirm }: WithdrawalActionDialogProps) {
  // The last one shown stays while the dialog fades out, so its title does not flicker.
  const [shown, setShown] = useState(pending);
  if (pending !== null && pending !== shown) setShown(pending);
  const settings = SETTINGS[shown?.action ?? 'reject'];
  const withdrawal = shown?.withdrawal;
  return (
    <TextPromptDialog
      open={pending !== null}
      {...settings}
      description={
        withdrawal &&
        `${withdrawal.userId.firstName} ${withdrawal.userId.lastName} asked for ${formatAmount(withdrawal.amount)} ${withdrawal.asset} to ${shortenAddress(withdrawal.withdrawalAddressId.address)} (${withdrawal.withdrawalAddressId.network}).`
      }
      busy={busy}
      onClose={onClose}
      onConfirm={(value) => {
        if (pending) onConfirm(pending, value);
      }}
    />
  );
}
