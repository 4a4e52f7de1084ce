import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useStreams } from '../../../features/audit/api/get-streams';
import { MemberLookup } from '../../../features/audit/components/member-lookup';
import { StreamFilterBar, type StreamFilters } from '../../../features/audit/components/stream-filters';
import { StreamsTable } from '../../../features/audit/components/streams-table';
import type { GridFilterModel } from '@mui/x-data-grid';

const PAGE_SIZE = 25;

/** The grid's view of what the API filtered: the category on its column, the search as the quick filter. */
function filterModelOf(filters: StreamFilters): GridFilterModel {
  return {
    items: filters.category === '' ? [] : [{ id: 'category', field: 'category', operator: 'equals', value: filters.category }],
    quickFilterValues: filters.search === '' ? [] : [filters.search],
  };
}

function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /audit/streams: every stream with its event count and last event; by category and stream id, kept in the URL. */
export default function StreamBrowserPage() {
  const [params, setParams] = useSearchParams();
  const filters: StreamFilters = { category: params.get('category') ?? '', search: params.get('search') ?? '' };
  const page = pageOf(params.get('page'));
  const streams = useStreams({ page, limit: PAGE_SIZE, category: filters.category || undefined, search: filters.search || undefined });

  const navigate = (next: StreamFilters, nextPage: number) => {
    const query = new URLSearchParams();
    if (next.category !== '') query.set('category', next.category);
    if (next.search !== '') query.set('search', next.search);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Event streams
      </Typography>
      <MemberLookup />
      <StreamFilterBar key={params.toString()} initial={filters} categories={streams.data?.categories ?? {}} onApply={(next) => navigate(next, 1)} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {streams.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading streams" />
          </Box>
        ) : streams.isError ? (
          <Typography role="alert" sx={{ p: 3 }} color="error">
            {streams.error.message}
          </Typography>
        ) : (
          <StreamsTable
            streams={streams.data.streams}
            pagination={{ page, pageSize: PAGE_SIZE, total: streams.data.total, onPageChange: (next) => navigate(filters, next) }}
            filterModel={filterModelOf(filters)}
            refreshing={streams.isFetching}
          />
        )}
      </Paper>
    </Box>
  );
}
