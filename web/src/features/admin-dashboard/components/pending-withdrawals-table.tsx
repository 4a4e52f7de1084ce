import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { WithdrawalAmountCell, WithdrawalMemberCell } from '../../../lib/admin-money/withdrawal-cells';
import { phoneFullWidth, phoneRow, WIDE_ONLY } from '../../../lib/phone-table';
import { DashboardTable } from './dashboard-table';
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
          <WithdrawalMemberCell withdrawal={withdrawal} />
          <WithdrawalAmountCell withdrawal={withdrawal} />
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
