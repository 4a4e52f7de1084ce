import Box from '@mui/material/Box';
import GroupIcon from '@mui/icons-material/Group';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import type { UserStatsResponse } from '@concierge/contracts';
import { StatCard } from '../../../components/stat-card';

type UserStatCardsProps = {
  /** Undefined while loading, null after a failure. */
  stats: UserStatsResponse['data'] | null | undefined;
};

/** Total Users, Pending Approvals and Total Approved. */
export function UserStatCards({ stats }: UserStatCardsProps) {
  const count = (pick: (data: UserStatsResponse['data']) => number) => (stats === undefined || stats === null ? stats : pick(stats));
  return (
    <Box sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: 'repeat(3, 1fr)' }}>
      <StatCard title="Total Users" value={count((data) => data.users.total)} icon={<GroupIcon />} color="primary" />
      <StatCard
        title="Pending Approvals"
        value={count((data) => data.users.pendingApproval)}
        icon={<PendingActionsIcon />}
        color="warning"
      />
      <StatCard title="Total Approved" value={count((data) => data.users.approved)} icon={<HowToRegIcon />} color="success" />
    </Box>
  );
}
