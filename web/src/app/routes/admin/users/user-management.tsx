import { useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useUsers } from '../../../../features/users/api/get-users';
import { useUserStats } from '../../../../features/users/api/get-user-stats';
import { UserStatCards } from '../../../../features/users/components/user-stat-cards';
import { UsersTable } from '../../../../features/users/components/users-table';
import { ADMIN_PAGE_SIZE, pageCount } from '../../../../components/pagination';
import { useUserDecisions } from '../../../../features/users/hooks/use-user-decisions';
import { USER_FILTER_BAR, useUserListFilters } from '../../../../features/users/hooks/use-user-list-filters';
import { ListFilterBar } from '../../../../components/list-filter-bar';
import { serverFilterModel } from '../../../../components/data-table';

/** /admin/users: every account, filtered by status and searched by name or email. */
export default function UserManagementPage() {
  const { filters, page, urlKey, apply, reset, goToPage } = useUserListFilters();
  const stats = useUserStats();
  const users = useUsers({
    page,
    limit: ADMIN_PAGE_SIZE,
    status: filters.status === '' ? undefined : filters.status,
    search: filters.search === '' ? undefined : filters.search,
  });
  const decisions = useUserDecisions();

  // A failed load of the list is only logged, never shown as a toast.
  useEffect(() => {
    if (users.error) console.error('Failed to load users', users.error);
  }, [users.error]);

  // Approving the last pending user of the last page empties it: step back to the new last page.
  const total = users.data?.total ?? 0;
  const lastPage = pageCount(total, ADMIN_PAGE_SIZE);
  useEffect(() => {
    if (users.data && !users.isPlaceholderData && page > lastPage) goToPage(lastPage);
  }, [users.data, users.isPlaceholderData, page, lastPage, goToPage]);

  const rows = users.data?.users ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        User Management
      </Typography>
      <UserStatCards stats={stats.isError ? null : stats.data?.data} />
      <ListFilterBar key={urlKey} {...USER_FILTER_BAR} initial={filters} onApply={apply} onReset={reset} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {users.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading users" />
          </Box>
        ) : (
          <UsersTable
            users={rows}
            onApprove={decisions.approve}
            onReject={decisions.reject}
            busyId={decisions.busyId}
            pagination={{ page, pageSize: ADMIN_PAGE_SIZE, total, onPageChange: goToPage }}
            filterModel={serverFilterModel(filters)}
            refreshing={users.isFetching}
          />
        )}
      </Paper>
    </Box>
  );
}
