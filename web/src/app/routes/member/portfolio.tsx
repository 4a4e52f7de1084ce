import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePerformance } from '../../../features/portfolio/api/get-performance';
import { useRefreshPerformance } from '../../../features/portfolio/api/refresh-performance';
import { AllocationPie } from '../../../features/portfolio/components/allocation-pie';
import { AssetsTable } from '../../../features/portfolio/components/assets-table';
import { formatDateTime } from '../../../features/portfolio/components/figures';
import { PortfolioSummary } from '../../../features/portfolio/components/portfolio-summary';
import { StrategyCards } from '../../../features/portfolio/components/strategy-cards';
import { ValueHistoryChart } from '../../../features/portfolio/components/value-history-chart';

const LOAD_FAILED = 'Failed to load portfolio data.';
const REFRESH_FAILED = 'Failed to refresh portfolio data.';

/** When and from what the figures were valued, and whether a newer valuation is on its way. */
function Valuation({ figures }: { figures: PortfolioPerformanceResponse }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {figures.asOf !== null && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Valued {formatDateTime(figures.asOf)}
          {figures.source === 'chain' ? ' from the chain' : ''}
        </Typography>
      )}
      {figures.source === 'ledger' && (
        <Alert severity="info">These figures come from your credited USDC balance; no chain holdings are read.</Alert>
      )}
      {figures.anyStale && <Alert severity="warning">Some prices were stale when valued; they are marked in Your Assets.</Alert>}
      {figures.refreshing && <Alert severity="info">A new valuation is on its way; these are the last figures.</Alert>}
    </Box>
  );
}

/** /user/portfolio: the latest valuation, its breakdown, allocation, history and assets. */
export default function PortfolioPage() {
  const { enqueueSnackbar } = useSnackbar();
  const performance = usePerformance();
  const refresh = useRefreshPerformance();

  useEffect(() => {
    if (performance.isError) enqueueSnackbar(errorMessage(performance.error, LOAD_FAILED), { variant: 'error', preventDuplicate: true });
  }, [performance.isError, performance.error, enqueueSnackbar]);

  const askRefresh = () =>
    refresh.mutate(undefined, { onError: (error) => enqueueSnackbar(errorMessage(error, REFRESH_FAILED), { variant: 'error' }) });

  if (performance.isPending) return <PageSpinner label="Loading portfolio" />;

  const figures = performance.data ?? null;
  const busy = refresh.isPending;

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Portfolio
        </Typography>
        <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={askRefresh} disabled={busy || performance.isError}>
          {busy ? 'Refreshing…' : 'Refresh'}
        </Button>
      </Box>
      {figures === null ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void performance.refetch()}>
              Try again
            </Button>
          }
        >
          {LOAD_FAILED}
        </Alert>
      ) : figures.asOf === null ? (
        <Paper variant="outlined" component="section" aria-label="No snapshot yet" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h6" component="h2" gutterBottom>
            No snapshot yet
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {figures.refreshing
              ? 'A valuation is on its way; your figures appear here in a moment.'
              : 'Your portfolio has not been valued yet. Its figures appear after the first valuation; Refresh asks for one now.'}
          </Typography>
        </Paper>
      ) : (
        <>
          <Valuation figures={figures} />
          <PortfolioSummary figures={figures} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
            <StrategyCards breakdown={figures.breakdown} />
            <AllocationPie breakdown={figures.breakdown} />
          </Box>
          <ValueHistoryChart series={figures.series} />
          <AssetsTable figures={figures} />
        </>
      )}
    </Box>
  );
}
