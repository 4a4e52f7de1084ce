import Box from '@mui/material/Box';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { UserStatsResponse } from '@concierge/contracts';
import { StatCard } from '../../../components/stat-card';
import { formatAmount } from '../../../lib/format';

type WithdrawalStats = UserStatsResponse['data']['withdrawals'];

/** Undefined while loading, null after a failure. */
type WithdrawalStatCardsProps = { stats: WithdrawalStats | null | undefined };

/** Total Completed, Pending Approvals and Total Withdrawn (USDC). */
export function WithdrawalStatCards({ stats }: WithdrawalStatCardsProps) {
  const value = (pick: (data: WithdrawalStats) => number) => (stats === undefined || stats === null ? stats : pick(stats));
  return (
    // On phones an amount with decimals needs more room than a count: it gets a row of its own.
    <Box sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <StatCard title="Total Completed" value={value((data) => data.completed)} icon={<TaskAltIcon />} color="success" />
      <StatCard title="Pending Approvals" value={value((data) => data.pending)} icon={<PendingActionsIcon />} color="warning" />
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
        <StatCard
          title="Total Withdrawn (USDC)"
          value={value((data) => data.amounts.completed)}
          icon={<AccountBalanceWalletIcon />}
          color="info"
          format={formatAmount}
        />
      </Box>
    </Box>
  );
}
