import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEventSearch } from '../../../features/audit/api/search-events';
import { EventSearchForm, type EventFilters } from '../../../features/audit/components/event-search-form';
import { EventsTable } from '../../../features/audit/components/events-table';

const PAGE_SIZE = 25;
const FILTER_NAMES = ['type', 'from', 'to', 'actorId', 'correlationId'] as const;

function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /audit/events: events of every stream in global order, by type, time range, actor and correlation id (kept in the URL). */
export default function EventSearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as EventFilters;
  const page = pageOf(params.get('page'));
  const asked = (value: string) => (value === '' ? undefined : value);
  const events = useEventSearch({
    page,
    limit: PAGE_SIZE,
    type: asked(filters.type),
    from: asked(filters.from),
    to: asked(filters.to),
    actorId: asked(filters.actorId),
    correlationId: asked(filters.correlationId),
  });

  const navigate = (next: EventFilters, nextPage: number) => {
    const query = new URLSearchParams();
    for (const name of FILTER_NAMES) if (next[name] !== '') query.set(name, next[name]);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Event search
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Every stream in global order. A correlation id follows one request through every stream it touched.
        </Typography>
      </Box>
      <EventSearchForm key={params.toString()} initial={filters} onApply={(next) => navigate(next, 1)} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {events.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading events" />
          </Box>
        ) : events.isError ? (
          <Typography role="alert" sx={{ p: 3 }} color="error">
            {events.error.message}
          </Typography>
        ) : (
          <EventsTable
            events={events.data.events}
            pagination={{ page, pageSize: PAGE_SIZE, total: events.data.total, onPageChange: (next) => navigate(filters, next) }}
            refreshing={events.isFetching}
          />
        )}
      </Paper>
    </Box>
  );
}
