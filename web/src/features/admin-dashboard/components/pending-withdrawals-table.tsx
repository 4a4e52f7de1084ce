import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatAmount, formatDate } from '../../../lib/format';
import { DashboardTable, phoneFullWidth, phoneRow, WIDE_ONLY } from './dashboard-table';
import { DecisionButtons } from '../../../components/decision-buttons';

type PendingWithdrawalsTableProps = {
  withdrawals: WithdrawalDto[];
  loading: boolean;
  onApprove: (id: string) => void;
  onReject: (withdrawal: WithdrawalDto) => void;
  /** The withdrawal whose decision is on its way. */
  busyId: string | undefined;
};

const COLUMNS = [
  { label: 'User' },
  { label: 'Amount', align: 'right' as const },
  { label: 'Asset', wide: true },
  { label: 'Requested', wide: true },
  { label: 'Actions', align: 'right' as const },
];

/** Recent Withdrawal Requests: the latest pending withdrawals with Approve and Reject. */
export function PendingWithdrawalsTable({ withdrawals, loading, onApprove, onReject, busyId }: PendingWithdrawalsTableProps) {
  return (
    <DashboardTable
      title="Recent Withdrawal Requests"
      columns={COLUMNS}
      viewAllTo="/admin/withdrawals?status=pending"
      loading={loading}
      emptyText="No pending withdrawal requests"
    >
      {withdrawals.map((withdrawal) => (
        <TableRow key={withdrawal.id} hover sx={phoneRow}>
          <TableCell sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {withdrawal.userId.firstName} {withdrawal.userId.lastName}
            </Typography>
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
              {withdrawal.userId.email}
            </Typography>
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatAmount(withdrawal.amount)}
            <Box component="span" sx={{ display: { md: 'none' } }}>
              {' '}
              {withdrawal.asset}
            </Box>
          </TableCell>
          <TableCell sx={WIDE_ONLY}>{withdrawal.asset}</TableCell>
          <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDate(withdrawal.requestedAt)}</TableCell>
          <TableCell align="right" sx={phoneFullWidth}>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <DecisionButtons
                busy={busyId === withdrawal.id}
                onApprove={() => onApprove(withdrawal.id)}
                onReject={() => onReject(withdrawal)}
              />
            </Box>
          </TableCell>
        </TableRow>
      ))}
    </DashboardTable>
  );
}
