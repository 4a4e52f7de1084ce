import type { HistoryItemDto } from '@concierge/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatAmount, formatDate } from '../../../lib/format';
import { TransactionStatusChip } from '../../../lib/member-money/transaction-status-chip';
import { CancelAction } from './cancel-action';
import { onExplorer, TxHashLink } from '../../../components/tx-hash-link';

type HistoryTableProps = {
  items: readonly HistoryItemDto[];
  /** Asks to cancel a pending withdrawal. */
  onCancel: (item: HistoryItemDto) => void;
};

/** The combined history as a table, for screens wide enough for seven columns. */
export function HistoryTable({ items, onCancel }: HistoryTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Transaction history">
        <TableHead>
          <TableRow>
            <TableCell>Type</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Asset</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Tx Hash</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={`${item.type}-${item.id}`} hover>
              <TableCell>{item.type}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.date)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatAmount(item.amount)}
              </TableCell>
              <TableCell>{item.asset}</TableCell>
              <TableCell>
                <TransactionStatusChip status={item.status} />
              </TableCell>
              <TableCell>
                <TxHashLink hash={item.txHash} ariaLabel={onExplorer} />
              </TableCell>
              <TableCell align="right">
                <CancelAction item={item} onCancel={onCancel} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
