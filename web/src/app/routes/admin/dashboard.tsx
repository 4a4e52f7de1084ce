import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import GroupIcon from '@mui/icons-material/Group';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import type { WithdrawalDto } from '@concierge/contracts';
import { errorMessage } from '../../../lib/api-client';
import { usePendingUsers } from '../../../features/users/api/get-pending-users';
import { usePendingWithdrawals } from '../../../features/withdrawals/api/get-pending-withdrawals';
import { useUserStats } from '../../../features/users/api/get-user-stats';
import { usersKeys } from '../../../features/users/api/query-keys';
import { PendingUsersTable } from '../../../features/users/components/pending-users-table';
import { PendingWithdrawalsTable } from '../../../features/withdrawals/components/pending-withdrawals-table';
import { StatCard } from '../../../components/stat-card';
import { useUserDecisions } from '../../../features/users/hooks/use-user-decisions';
import { useWithdrawalDecisions } from '../../../features/withdrawals/hooks/use-withdrawal-decisions';
import { TextPromptDialog } from '../../../components/text-prompt-dialog';
import { WithdrawalRejectionReason } from '@concierge/contracts/withdrawals/fields';
import { formatAmount } from '../../../lib/format';

/** The dashboard tables show the latest five pending items of each kind. */
const DASHBOARD_PENDING_LIMIT = 5;

/** /admin/dashboard: the counts that need attention and the latest pending items of each kind. */
export default function AdminDashboardPage() {
  const { enqueueSnackbar } = useSnackbar();
  const stats = useUserStats();
  const pendingUsers = usePendingUsers(DASHBOARD_PENDING_LIMIT);
  const pendingWithdrawals = usePendingWithdrawals(DASHBOARD_PENDING_LIMIT);
  const userDecisions = useUserDecisions();
  const withdrawalDecisions = useWithdrawalDecisions({ alsoInvalidate: [usersKeys.stats()] });
  const [rejecting, setRejecting] = useState<WithdrawalDto | null>(null);

  useEffect(() => {
    if (stats.error) enqueueSnackbar(errorMessage(stats.error, 'Error loading stats.'), { variant: 'error' });
  }, [stats.error, enqueueSnackbar]);
  useEffect(() => {
    if (pendingUsers.error) console.error('Failed to load pending users', pendingUsers.error);
    if (pendingWithdrawals.error) console.error('Failed to load pending withdrawals', pendingWithdrawals.error);
  }, [pendingUsers.error, pendingWithdrawals.error]);

  const data = stats.isError ? null : stats.data?.data;
  const count = (value: number | undefined) => (data === null ? null : value);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Overview
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}>
        {/* Total Users counts the active (approved) users. */}
        <StatCard title="Total Users" value={count(data?.summary.activeUsers)} icon={<GroupIcon />} color="primary" to="/admin/users" />
        <StatCard
          title="Pending Approvals"
          value={count(data?.users.pendingApproval)}
          icon={<PendingActionsIcon />}
          color="warning"
          to="/admin/users?status=pending"
        />
        <StatCard
          title="Pending Withdrawals"
          value={count(data?.withdrawals.pending)}
          icon={<AccountBalanceWalletIcon />}
          color="info"
          to="/admin/withdrawals?status=pending"
        />
        {/* The sum of every member's latest valuation; a row of its own unless the screen is very wide. */}
        <Box sx={{ gridColumn: { xs: '1 / -1', xl: 'auto' }, display: 'grid' }}>
          <StatCard
            title="Assets under management"
            value={count(data?.summary.assetsUnderManagement)}
            icon={<SavingsOutlined />}
            color="success"
            format={(amount) => `${formatAmount(amount)} USDC`}
          />
        </Box>
      </Box>
      <PendingUsersTable
        users={pendingUsers.data?.users ?? []}
        loading={pendingUsers.isPending}
        onApprove={userDecisions.approve}
        onReject={userDecisions.reject}
        busyId={userDecisions.busyId}
      />
      <PendingWithdrawalsTable
        withdrawals={pendingWithdrawals.data ?? []}
        loading={pendingWithdrawals.isPending}
        onApprove={withdrawalDecisions.approve}
        onReject={setRejecting}
        busyId={withdrawalDecisions.busyId}
      />
      <TextPromptDialog
        open={rejecting !== null}
        title="Reject Withdrawal"
        description={rejecting && `${rejecting.userId.firstName} ${rejecting.userId.lastName} asked for ${formatAmount(rejecting.amount)} ${rejecting.asset}.`}
        label="Rejection reason"
        confirmLabel="Reject"
        confirmColor="error"
        schema={WithdrawalRejectionReason}
        multiline
        busy={withdrawalDecisions.busyId !== undefined}
        onClose={() => setRejecting(null)}
        onConfirm={(rejectionReason) => {
          if (rejecting) withdrawalDecisions.decide({ id: rejecting.id, action: 'reject', rejectionReason }, () => setRejecting(null));
        }}
      />
    </Box>
  );
}
