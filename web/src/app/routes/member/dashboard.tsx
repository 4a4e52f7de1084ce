import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { useCurrentUser } from '../../../features/auth/api/get-current-user';
import { authKeys } from '../../../features/auth/api/query-keys';
import { useMyDeposits } from '../../../features/deposits/api/get-my-deposits';
import { usePerformance } from '../../../features/portfolio/api/get-performance';
import { useWalletInfo } from '../../../features/wallets/api/get-wallet-info';
import { useWithdrawalHistory } from '../../../features/withdrawals/api/get-withdrawal-history';
import { depositsKeys } from '../../../features/deposits/api/query-keys';
import { portfolioKeys } from '../../../features/portfolio/api/query-keys';
import { useAvailableUsdc } from '../../../features/wallets/api/get-balances';
import { walletsKeys } from '../../../features/wallets/api/query-keys';
import { withdrawalAddressesKeys } from '../../../features/withdrawal-addresses/api/query-keys';
import { withdrawalsKeys } from '../../../features/withdrawals/api/query-keys';
import { DepositDialog } from '../../../features/wallets/components/deposit-dialog';
import { MyPosition } from '../../../features/portfolio/components/my-position';
import { PortfolioBreakdown } from '../../../features/portfolio/components/portfolio-breakdown';
import { strategyActivity, weeklyEarningsActivity } from '../../../features/portfolio/components/earnings-activity';
import { isValued } from '../../../features/portfolio/components/figures';
import { RecentActivityList } from '../../../features/wallets/components/recent-activity-list';
import { SummaryCards } from '../../../features/portfolio/components/summary-cards';
import { WithdrawDialog } from '../../../features/withdrawals/components/withdraw-dialog';
import { recentActivity } from '../../../features/wallets/components/recent-activity';

/** The member's money besides withdrawals: a withdrawal request changes all of it. */
const MONEY_BESIDES_WITHDRAWALS = [walletsKeys.all, portfolioKeys.all, depositsKeys.all, withdrawalAddressesKeys.all];

/**
 * /user/dashboard. Loads wallet info, performance, deposits, withdrawals and the current user in
 * parallel; each failure falls back to null or empty ("—" for the portfolio figures), so one
 * broken call leaves the rest of the page usable.
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
  const available = useAvailableUsdc(dialog === 'withdraw');
  const [refreshing, setRefreshing] = useState(false);

  // Deposits wait for the user id; without a user there is nothing to wait for.
  const depositsPending = currentUser.isSuccess && deposits.isPending;
  const loading = currentUser.isPending || walletInfo.isPending || performance.isPending || withdrawals.isPending || depositsPending;
  const failed = currentUser.isError || walletInfo.isError || performance.isError || withdrawals.isError || deposits.isError;

  useEffect(() => {
    if (failed) enqueueSnackbar('Failed to load dashboard data.', { variant: 'error', preventDuplicate: true });
  }, [failed, enqueueSnackbar]);

  const activity = useMemo(
    () => recentActivity(deposits.data ?? [], withdrawals.data ?? [], [...weeklyEarningsActivity(performance.data), ...strategyActivity(performance.data)]),
    [deposits.data, withdrawals.data, performance.data],
  );

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([withdrawalsKeys.all, ...MONEY_BESIDES_WITHDRAWALS, authKeys.me()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } finally {
      setRefreshing(false);
    }
  };

  if (loading) return <PageSpinner label="Loading dashboard" />;

  const perf = performance.data ?? null;
  // Once valued, the portfolio's value; before that the credited balance.
  const walletValue = isValued(perf) ? perf.totalValue : (walletInfo.data?.totalValue ?? null);

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
      <SummaryCards walletValue={walletValue} figures={perf} />
      <MyPosition totalValue={walletValue} performance={perf} onDeposit={() => setDialog('deposit')} onWithdraw={() => setDialog('withdraw')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <PortfolioBreakdown figures={perf} />
        <RecentActivityList items={activity} />
      </Box>
      <DepositDialog
        open={dialog === 'deposit'}
        onClose={() => setDialog(null)}
        address={walletInfo.data?.address ?? null}
        unavailable={walletInfo.isError}
      />
      <WithdrawDialog
        open={dialog === 'withdraw'}
        onClose={() => setDialog(null)}
        available={available}
        alsoInvalidate={MONEY_BESIDES_WITHDRAWALS}
      />
    </Box>
  );
}
