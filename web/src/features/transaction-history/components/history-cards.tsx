import type { HistoryItemDto } from '@concierge/contracts';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatAmount, formatDate } from '../../../lib/format';
import { TransactionStatusChip } from '../../../lib/member-money/transaction-status-chip';
import { CancelAction, isCancellable } from './cancel-action';
import { onExplorer, TxHashLink } from '../../../components/tx-hash-link';

/** The combined history on phones: one compact card per transaction instead of a six-column table. */
export function HistoryCards({ items, onCancel }: { items: readonly HistoryItemDto[]; onCancel: (item: HistoryItemDto) => void }) {
  return (
    <List disablePadding aria-label="Transaction history">
      {items.map((item) => (
        <ListItem key={`${item.type}-${item.id}`} divider sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 0.5, px: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{item.type}</Typography>
          <Typography sx={{ fontWeight: 600, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {formatAmount(item.amount)} {item.asset}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDate(item.date)}
          </Typography>
          <Box sx={{ justifySelf: 'end' }}>
            <TransactionStatusChip status={item.status} />
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              Tx:{' '}
            </Typography>
            <TxHashLink hash={item.txHash} ariaLabel={onExplorer} />
          </Box>
          {isCancellable(item) && (
            <Box sx={{ gridColumn: '1 / -1', justifySelf: 'end' }}>
              <CancelAction item={item} onCancel={onCancel} />
            </Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}
