import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { WithdrawalAmount, WithdrawalMember } from './withdrawal-cells';
import { DashboardTable } from '../../../components/dashboard-table';
import { dateColumn } from '../../../components/data-table';
import { DecisionButtons } from '../../../components/decision-buttons';

type PendingWithdrawalsTableProps = {
  withdrawals: WithdrawalDto[];
  loading: boolean;
  onApprove: (id: string) => void;
  onReject: (withdrawal: WithdrawalDto) => void;
  /** The withdrawal whose decision is on its way. */
  busyId: string | undefined;
};

type Decisions = Pick<PendingWithdrawalsTableProps, 'onApprove' | 'onReject' | 'busyId'>;

function Decide({ withdrawal, onApprove, onReject, busyId }: Decisions & { withdrawal: WithdrawalDto }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, width: '100%' }}>
      <DecisionButtons busy={busyId === withdrawal.id} onApprove={() => onApprove(withdrawal.id)} onReject={() => onReject(withdrawal)} />
    </Box>
  );
}

/** Recent Withdrawal Requests: the latest pending withdrawals with Approve and Reject. */
export function PendingWithdrawalsTable({ withdrawals, loading, ...decisions }: PendingWithdrawalsTableProps) {
  const columns: GridColDef<WithdrawalDto>[] = [
    { field: 'user', headerName: 'User', flex: 1, minWidth: 170, renderCell: ({ row }) => <WithdrawalMember withdrawal={row} /> },
    {
      field: 'amount',
      headerName: 'Amount',
      headerAlign: 'right',
      align: 'right',
      width: 130,
      renderCell: ({ row }) => <WithdrawalAmount withdrawal={row} />,
    },
    { field: 'asset', headerName: 'Asset', width: 80 },
    dateColumn('requestedAt', 'Requested'),
    { field: 'actions', headerName: 'Actions', headerAlign: 'right', width: 190, renderCell: ({ row }) => <Decide withdrawal={row} {...decisions} /> },
  ];
  return (
    <DashboardTable
      title="Recent Withdrawal Requests"
      rows={withdrawals}
      columns={columns}
      phoneCard={(withdrawal) => (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 1, width: '100%' }}>
          <WithdrawalMember withdrawal={withdrawal}>
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
              {formatDate(withdrawal.requestedAt)}
            </Typography>
          </WithdrawalMember>
          <Typography variant="body2">
            <WithdrawalAmount withdrawal={withdrawal} withAsset />
          </Typography>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Decide withdrawal={withdrawal} {...decisions} />
          </Box>
        </Box>
      )}
      viewAllTo="/admin/withdrawals?status=pending"
      loading={loading}
      emptyText="No pending withdrawal requests"
    />
  );
}
