import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DepositsTable } from '../../../features/deposits/components/deposits-table';
import { useDeposits } from '../../../features/deposits/api/get-deposits';
import { ADMIN_PAGE_SIZE, pageCount } from '../../../components/pagination';

function toPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /admin/deposit-history: every member's deposits, newest first, with the fee taken on each. */
export default function DepositHistoryPage() {
  // The page lives in the URL so reload and Back keep it.
  const [params, setParams] = useSearchParams();
  const page = toPage(params.get('page'));
  const goToPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  const deposits = useDeposits({ page, limit: ADMIN_PAGE_SIZE, userId: undefined });

  // Like the other admin lists, a failed load leaves the table empty and is only logged.
  useEffect(() => {
    if (deposits.error) console.error('Failed to load deposits', deposits.error);
  }, [deposits.error]);

  const rows = deposits.isError ? [] : (deposits.data?.data ?? []);
  const total = deposits.isError ? 0 : (deposits.data?.total ?? 0);

  // A page number past the end (an old link) goes to the last page.
  const lastPage = pageCount(total, ADMIN_PAGE_SIZE);
  useEffect(() => {
    if (deposits.data && !deposits.isPlaceholderData && page > lastPage) setParams(lastPage > 1 ? { page: String(lastPage) } : {});
  }, [deposits.data, deposits.isPlaceholderData, page, lastPage, setParams]);

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Deposit History
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {deposits.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading deposits" />
          </Box>
        ) : (
          <DepositsTable
            deposits={rows}
            showAccount
            label="Deposits"
            pagination={{ page, pageSize: ADMIN_PAGE_SIZE, total, onPageChange: goToPage }}
            refreshing={deposits.isFetching}
          />
        )}
      </Paper>
    </Box>
  );
}
