import type { HistoryItemDto } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { formatAmount, formatDate } from '../../../lib/format';
import { TransactionStatusChip } from './transaction-status-chip';
import { dateColumn, DataTable, type ServerPagination } from '../../../components/data-table';
import { onExplorer, TxHashLink } from '../../../components/tx-hash-link';

type HistoryTableProps = {
  items: readonly HistoryItemDto[];
  /** The row's actions (Cancel for a pending withdrawal, composed by the page), or null for none. */
  actions: (item: HistoryItemDto) => ReactNode;
  pagination: ServerPagination;
  refreshing: boolean;
  emptyText: ReactNode;
};

function columns(actions: HistoryTableProps['actions']): GridColDef<HistoryItemDto>[] {
  return [
    { field: 'type', headerName: 'Type', flex: 1, minWidth: 110 },
    dateColumn('date', 'Date'),
    { field: 'amount', headerName: 'Amount', headerAlign: 'right', align: 'right', flex: 1, minWidth: 130, valueFormatter: (value: number) => formatAmount(value) },
    { field: 'asset', headerName: 'Asset', width: 90 },
    { field: 'status', headerName: 'Status', width: 130, renderCell: ({ row }) => <TransactionStatusChip status={row.status} /> },
    { field: 'txHash', headerName: 'Tx Hash', width: 140, renderCell: ({ row }) => <TxHashLink hash={row.txHash} ariaLabel={onExplorer} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      headerAlign: 'right',
      align: 'right',
      width: 110,
      renderCell: ({ row }) => actions(row),
    },
  ];
}

/** One transaction on a phone: type and amount, date and status, the hash, and its actions when it has some. */
function HistoryCard({ item, actions }: { item: HistoryItemDto; actions: HistoryTableProps['actions'] }) {
  const action = actions(item);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 0.5, width: '100%' }}>
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
      {action !== null && <Box sx={{ gridColumn: '1 / -1', justifySelf: 'end' }}>{action}</Box>}
    </Box>
  );
}

/** The combined history: seven columns on wide screens, one card per transaction on phones. */
export function HistoryTable({ items, actions, pagination, refreshing, emptyText }: HistoryTableProps) {
  return (
    <DataTable
      label="Transaction history"
      rows={items}
      // Deposits and withdrawals are numbered apart: type and id together are the key.
      getRowId={(item) => `${item.type}-${item.id}`}
      columns={columns(actions)}
      phoneCard={(item) => <HistoryCard item={item} actions={actions} />}
      emptyText={emptyText}
      refreshing={refreshing}
      pagination={pagination}
    />
  );
}
