import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

export type DecisionButtonsProps = {
  /** Both buttons wait while this row's decision is on its way. */
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  /** Why this row cannot be approved yet (Approve is disabled and says so); rejecting stays possible. */
  approveBlockedReason?: string | undefined;
};

/** The Approve / Reject pair of the admin tables (users and withdrawals). */
export function DecisionButtons({ busy, onApprove, onReject, approveBlockedReason }: DecisionButtonsProps) {
  const approve = (
    <Button size="small" variant="contained" color="success" disabled={busy || approveBlockedReason !== undefined} onClick={onApprove}>
      Approve
    </Button>
  );
  return (
    <>
      {approveBlockedReason === undefined ? (
        approve
      ) : (
        // A disabled button fires no events: the tooltip listens on its wrapper.
        <Tooltip title={approveBlockedReason}>
          <span>{approve}</span>
        </Tooltip>
      )}
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={onReject}>
        Reject
      </Button>
    </>
  );
}
