import { useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DepositsTable } from './deposits-table';
import { useDeposits } from '../api/get-deposits';
import type { DepositsParams } from '../api/query-keys';

type UserDepositHistoryProps = {
  /** The page of the member's deposits on screen. */
  params: DepositsParams;
  onPageChange: (page: number) => void;
};

/** Deposit History of one member, newest first. */
export function UserDepositHistory({ params, onPageChange }: UserDepositHistoryProps) {
  const deposits = useDeposits(params);
  useEffect(() => {
    if (deposits.error) console.error('Failed to load deposits', deposits.error);
  }, [deposits.error]);
  const rows = deposits.isError ? [] : (deposits.data?.data ?? []);

  return (
    <Paper variant="outlined" component="section" aria-label="Deposit History" sx={{ overflow: 'hidden' }}>
      <Typography variant="h6" component="h2" sx={{ px: { xs: 2, md: 3 }, pt: { xs: 2, md: 3 }, pb: 1 }}>
        Deposit History
      </Typography>
      {deposits.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading deposits" />
        </Box>
      ) : (
        <DepositsTable
          deposits={rows}
          showAccount={false}
          label="User deposits"
          pagination={{ page: params.page, pageSize: params.limit, total: deposits.data?.total ?? 0, onPageChange }}
          refreshing={deposits.isFetching}
        />
      )}
    </Paper>
  );
}
