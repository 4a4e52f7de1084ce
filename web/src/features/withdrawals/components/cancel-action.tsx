import type { HistoryItemDto } from '@concierge/contracts';
import Button from '@mui/material/Button';

/** Only a withdrawal nobody has acted on yet can be taken back; once approved it is on its way. */
export function isCancellable(item: HistoryItemDto): boolean {
  return item.type === 'Withdrawal' && item.status === 'pending';
}

/** Opens the cancel confirmation for a pending withdrawal; renders nothing for any other item. */
export function CancelAction({ item, onCancel }: { item: HistoryItemDto; onCancel: (item: HistoryItemDto) => void }) {
  if (!isCancellable(item)) return null;
  return (
    <Button size="small" color="error" variant="outlined" onClick={() => onCancel(item)}>
      Cancel
    </Button>
  );
}
