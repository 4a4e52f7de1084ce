import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/current-user';
import { useMyDeposits } from '../../lib/member-money/get-my-deposits';
import { usePerformance } from '../../lib/member-money/get-performance';
import { useWalletInfo } from '../../lib/member-money/get-wallet-info';
import { useWithdrawalHistory } from '../../lib/member-money/get-withdrawal-history';
import { memberMoneyKeys } from '../../lib/member-money/query-keys';
import { DepositDialog } from './components/deposit-dialog';
import { MyPosition } from './components/my-position';
import { RecentActivityList } from './components/recent-activity-list';
import { SummaryCards } from './components/summary-cards';
import { WithdrawDialog } from './components/withdraw-dialog';
import { recentActivity } from './recent-activity';

/**
 * /user/dashboard. Loads wallet info, performance, deposits, withdrawals and the current user in
 * parallel; each failure falls back to null or empty, so one broken call leaves
 * the rest of the page usable.
 */
export default function MemberDashboardPage() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useCurrentUser();
  const walletInfo = useWalletInfo();
  const performance = usePerformance();
  const withdrawals = useWithdrawalHistory();
  const deposits = useMyDeposits(currentUser.data?.id);
  const [dialog, setDialog] = useState<'deposit' | 'withdraw' | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  // Deposits wait for the user id; without a user there is nothing to wait for.
  const depositsPending = currentUser.isSuccess && deposits.isPending;
  const loading = currentUser.isPending || walletInfo.isPending || performance.isPending || withdrawals.isPending || depositsPending;
  const failed = currentUser.isError || walletInfo.isError || withdrawals.isError || deposits.isError;

  useEffect(() => {
    if (failed) enqueueSnackbar('Failed to load dashboard data.', { variant: 'error', preventDuplicate: true });
  }, [failed, enqueueSnackbar]);

  const activity = useMemo(() => recentActivity(deposits.data ?? [], withdrawals.data ?? []), [deposits.data, withdrawals.data]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberMoneyKeys.all }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  if (loading) return <PageSpinner label="Loading dashboard" />;

  const perf = performance.data ?? null;
  const walletValue = walletInfo.data?.totalValue ?? perf?.totalValue ?? null;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h5" component="h1">
          Dashboard
        </Typography>
        <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
      </Box>
      <SummaryCards walletValue={walletValue} earnings={perf?.performance.weeklyChangeValue ?? null} apy={perf?.performance.apy ?? null} />
      <MyPosition totalValue={walletValue} performance={perf} onDeposit={() => setDialog('deposit')} onWithdraw={() => setDialog('withdraw')} />
      <RecentActivityList items={activity} />
      <DepositDialog
        open={dialog === 'deposit'}
        onClose={() => setDialog(null)}
        address={walletInfo.data?.address ?? null}
        unavailable={walletInfo.isError}
      />
      <WithdrawDialog open={dialog === 'withdraw'} onClose={() => setDialog(null)} />
    </Box>
  );
}
