import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { DepositDto } from '@concierge/contracts';
import { formatAmount, formatDate } from '../../../lib/format';
import { dateColumn, DataTable, type ServerPagination } from '../../../components/data-table';
import { TxHashLink } from '../../../components/tx-hash-link';

type DepositsTableProps = {
  deposits: DepositDto[];
  /** The Account column: on for every member's deposits, off on one member's details page. */
  showAccount: boolean;
  /** Accessible name of the table. */
  label: string;
  pagination: ServerPagination;
  refreshing: boolean;
};

/** A fee percentage such as 2.5 -> "2.5%". */
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

const ACCOUNT: GridColDef<DepositDto> = {
  field: 'account',
  headerName: 'Account',
  flex: 1,
  minWidth: 160,
  renderCell: ({ row }) => (
    <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
      {row.userId.firstName} {row.userId.lastName}
    </Typography>
  ),
};

const COLUMNS: GridColDef<DepositDto>[] = [
  dateColumn('timestamp', 'Date'),
  {
    field: 'amountUSD',
    headerName: 'Amount (USDC)',
    headerAlign: 'right',
    align: 'right',
    flex: 1,
    minWidth: 140,
    valueFormatter: (value: number) => formatAmount(value),
  },
  { field: 'feePercentageAtDeposit', headerName: 'Fee %', headerAlign: 'right', align: 'right', width: 90, valueFormatter: (value: number) => percent(value) },
  {
    field: 'calculatedFeeUSD',
    headerName: 'Fee Paid',
    headerAlign: 'right',
    align: 'right',
    width: 130,
    valueFormatter: (value: number) => formatAmount(value),
  },
  { field: 'transactionHash', headerName: 'Tx Hash', width: 130, renderCell: ({ row }) => <TxHashLink hash={row.transactionHash} /> },
];

/** A deposit on a phone: whose (or when) and the amount, the fee under it, the hash below. */
function DepositCard({ deposit, showAccount }: { deposit: DepositDto; showAccount: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 0.5, width: '100%' }}>
      <Box sx={{ minWidth: 0 }}>
        {showAccount && (
          <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
            {deposit.userId.firstName} {deposit.userId.lastName}
          </Typography>
        )}
        <Typography variant={showAccount ? 'caption' : 'body2'} sx={{ display: 'block', color: showAccount ? 'text.secondary' : undefined }}>
          {formatDate(deposit.timestamp)}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {formatAmount(deposit.amountUSD)} USDC
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          Fee {formatAmount(deposit.calculatedFeeUSD)} ({percent(deposit.feePercentageAtDeposit)})
        </Typography>
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TxHashLink hash={deposit.transactionHash} />
      </Box>
    </Box>
  );
}

/** Deposits with their fee at the time: Account, Date, Amount (USDC), Fee %, Fee Paid, Tx Hash. */
export function DepositsTable({ deposits, showAccount, label, pagination, refreshing }: DepositsTableProps) {
  return (
    <DataTable
      label={label}
      rows={deposits}
      columns={showAccount ? [ACCOUNT, ...COLUMNS] : COLUMNS}
      phoneCard={(deposit) => <DepositCard deposit={deposit} showAccount={showAccount} />}
      emptyText="No deposits found"
      refreshing={refreshing}
      pagination={pagination}
    />
  );
}
