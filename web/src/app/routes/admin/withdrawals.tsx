import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { WithdrawalDto } from '@concierge/contracts';
import { useUserStats } from '../../../features/users/api/get-user-stats';
import { usersKeys } from '../../../features/users/api/query-keys';
import { useAdminWithdrawals } from '../../../features/withdrawals/api/get-admin-withdrawals';
import { ADMIN_PAGE_SIZE, pageCount } from '../../../components/pagination';
import type { WithdrawalAction } from '../../../features/withdrawals/api/process-withdrawal';
import { useWithdrawalDecisions } from '../../../features/withdrawals/hooks/use-withdrawal-decisions';
import { WithdrawalActionDialog, type PendingDialog } from '../../../features/withdrawals/components/withdrawal-action-dialog';
import { WithdrawalStatCards } from '../../../features/withdrawals/components/withdrawal-stat-cards';
import { WithdrawalsTable } from '../../../features/withdrawals/components/withdrawals-table';
import { useWithdrawalListFilters, WITHDRAWAL_FILTER_BAR } from '../../../features/withdrawals/hooks/use-withdrawal-list-filters';
import { ListFilterBar } from '../../../components/list-filter-bar';
import { serverFilterModel } from '../../../components/data-table';

/** /admin/withdrawals: every withdrawal, filtered by status and searched by member or address. */
export default function WithdrawalManagementPage() {
  const { filters, page, urlKey, apply, reset, goToPage } = useWithdrawalListFilters();
  const stats = useUserStats();
  const withdrawals = useAdminWithdrawals({
    page,
    limit: ADMIN_PAGE_SIZE,
    status: filters.status === '' ? undefined : filters.status,
    search: filters.search === '' ? undefined : filters.search,
  });
  const decisions = useWithdrawalDecisions({ alsoInvalidate: [usersKeys.stats()] });
  const [dialog, setDialog] = useState<PendingDialog | null>(null);

  // A failed load empties the list and is only logged, never shown as a toast.
  useEffect(() => {
    if (withdrawals.error) console.error('Failed to load withdrawals', withdrawals.error);
  }, [withdrawals.error]);

  const rows = withdrawals.isError ? [] : (withdrawals.data?.data ?? []);
  const total = withdrawals.isError ? 0 : (withdrawals.data?.total ?? 0);

  // Processing the last row of the last page can empty it: step back to the new last page.
  const lastPage = pageCount(total, ADMIN_PAGE_SIZE);
  useEffect(() => {
    if (withdrawals.data && !withdrawals.isPlaceholderData && page > lastPage) goToPage(lastPage);
  }, [withdrawals.data, withdrawals.isPlaceholderData, page, lastPage, goToPage]);

  const onAction = (withdrawal: WithdrawalDto, action: WithdrawalAction) => {
    if (action === 'approve') decisions.approve(withdrawal.id);
    else if (action === 'retry') decisions.decide({ id: withdrawal.id, action });
    else setDialog({ withdrawal, action });
  };

  const confirm = ({ withdrawal, action }: PendingDialog, value: string) => {
    const close = () => setDialog(null);
    if (action === 'reject') decisions.decide({ id: withdrawal.id, action, rejectionReason: value }, close);
    else if (action === 'complete') decisions.decide({ id: withdrawal.id, action, transactionHash: value }, close);
    else decisions.decide({ id: withdrawal.id, action, reason: value }, close);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Withdrawal Management
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Total: {total.toLocaleString('en-US')} withdrawals
        </Typography>
      </Box>
      <WithdrawalStatCards stats={stats.isError ? null : stats.data?.data.withdrawals} />
      <ListFilterBar key={urlKey} {...WITHDRAWAL_FILTER_BAR} initial={filters} onApply={apply} onReset={reset} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {withdrawals.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading withdrawals" />
          </Box>
        ) : (
          <WithdrawalsTable
            withdrawals={rows}
            onAction={onAction}
            busyId={decisions.busyId}
            pagination={{ page, pageSize: ADMIN_PAGE_SIZE, total, onPageChange: goToPage }}
            filterModel={serverFilterModel(filters)}
            refreshing={withdrawals.isFetching}
            emptyText={
              <Box>
                <Typography sx={{ color: 'text.primary' }}>No withdrawals found</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  Try adjusting your filters
                </Typography>
              </Box>
            }
          />
        )}
      </Paper>
      <WithdrawalActionDialog pending={dialog} busy={decisions.busyId !== undefined} onClose={() => setDialog(null)} onConfirm={confirm} />
    </Box>
  );
}
