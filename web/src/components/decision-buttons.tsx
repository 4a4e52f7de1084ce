import Button from '@mui/material/Button';

export type DecisionButtonsProps = {
  /** Both buttons wait while this row's decision is on its way. */
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
};

/** The Approve / Reject pair of the admin tables (users and withdrawals). */
export function DecisionButtons({ busy, onApprove, onReject }: DecisionButtonsProps) {
  return (
    <>
      <Button size="small" variant="contained" color="success" disabled={busy} onClick={onApprove}>
        Approve
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={onReject}>
        Reject
      </Button>
    </>
  );
}
