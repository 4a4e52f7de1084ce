import type { HistoryItemDto } from '@concierge/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useCancelWithdrawal } from '../../lib/member-money/cancel-withdrawal';
import { useTransactions } from '../../lib/member-money/get-transactions';
import { CancelWithdrawalDialog } from './components/cancel-withdrawal-dialog';
import { HistoryCards } from './components/history-cards';
import { HistoryTable } from './components/history-table';

const PAGE_SIZES = [10, 25, 50];

/** /user/history: the member's deposits and withdrawals together, newest first. */
export default function TransactionHistoryPage() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const transactions = useTransactions(pageSize, page * pageSize);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const { enqueueSnackbar } = useSnackbar();
  const [cancelling, setCancelling] = useState<HistoryItemDto | null>(null);
  const cancellation = useCancelWithdrawal();

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
        ) : items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 6, px: 2 }}>
            No transactions yet. Deposits and withdrawals appear here once you make them.
          </Typography>
        ) : (
          <>
            {phone ? <HistoryCards items={items} onCancel={setCancelling} /> : <HistoryTable items={items} onCancel={setCancelling} />}
            <TablePagination
              component="div"
              count={total}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={phone ? 'Rows' : 'Rows per page'}
            />
          </>
        )}
      </Paper>
      <CancelWithdrawalDialog item={cancelling} busy={cancellation.isPending} onClose={() => setCancelling(null)} onConfirm={confirmCancel} />
    </Box>
  );
}
