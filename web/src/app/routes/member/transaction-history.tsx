import type { HistoryItemDto } from '@concierge/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { portfolioKeys } from '../../../features/portfolio/api/query-keys';
import { walletsKeys } from '../../../features/wallets/api/query-keys';
import { useCancelWithdrawal } from '../../../features/withdrawals/api/cancel-withdrawal';
import { useTransactions } from '../../../features/wallets/api/get-transactions';
import { CancelWithdrawalDialog } from '../../../features/withdrawals/components/cancel-withdrawal-dialog';
import { HistoryTable } from '../../../features/wallets/components/history-table';
import { CancelAction, isCancellable } from '../../../features/withdrawals/components/cancel-action';

const PAGE_SIZES = [10, 25, 50];

/** /user/history: the member's deposits and withdrawals together, newest first. */
export default function TransactionHistoryPage() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const transactions = useTransactions(pageSize, page * pageSize);
  const { enqueueSnackbar } = useSnackbar();
  const [cancelling, setCancelling] = useState<HistoryItemDto | null>(null);
  // Cancelling releases the reserved amount: the history, the balances and the dashboard's figures change.
  const cancellation = useCancelWithdrawal({
    alsoInvalidate: [walletsKeys.allTransactions(), walletsKeys.balances(), walletsKeys.info(), portfolioKeys.performance()],
  });

  const confirmCancel = (item: HistoryItemDto) =>
    cancellation.mutate(item.id, {
      onSuccess: () => enqueueSnackbar('Withdrawal request cancelled.', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to cancel withdrawal request.'), { variant: 'error' }),
      // Closed either way: after a refusal the refreshed row shows why there is nothing left to cancel.
      onSettled: () => setCancelling(null),
    });

  useEffect(() => {
    if (transactions.isError) enqueueSnackbar('Failed to load transaction history.', { variant: 'error', preventDuplicate: true });
  }, [transactions.isError, enqueueSnackbar]);

  const items = transactions.data?.transactions ?? [];
  const total = transactions.data?.total ?? 0;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          Transaction History
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Your deposits and withdrawals, newest first.
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {transactions.isPending ? (
          <Box role="status" aria-label="Loading transaction history" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-hidden />
          </Box>
        ) : transactions.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            Failed to load transaction history.
          </Alert>
        ) : (
          <HistoryTable
            items={items}
            actions={(item) => (isCancellable(item) ? <CancelAction item={item} onCancel={setCancelling} /> : null)}
            refreshing={transactions.isFetching}
            emptyText="No transactions yet. Deposits and withdrawals appear here once you make them."
            pagination={{
              page: page + 1,
              pageSize,
              total,
              onPageChange: (next) => setPage(next - 1),
              pageSizeOptions: PAGE_SIZES,
              onPageSizeChange: (next) => {
                setPageSize(next);
                setPage(0);
              },
            }}
          />
        )}
      </Paper>
      <CancelWithdrawalDialog item={cancelling} busy={cancellation.isPending} onClose={() => setCancelling(null)} onConfirm={confirmCancel} />
    </Box>
  );
}
