import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useStream } from '../../../features/audit/api/get-stream';
import { streamPath } from '../../../features/audit/components/audit-paths';
import { DownloadExportButton } from '../../../features/audit/components/download-export-button';
import { StreamEventCard } from '../../../features/audit/components/stream-event-card';

const PAGE_SIZE = 25;

function revisionOf(raw: string | null): number | undefined {
  const revision = Number(raw);
  return raw !== null && Number.isInteger(revision) && revision >= 0 ? revision : undefined;
}

/** /audit/streams/:streamId?from=N: one stream's events from the event store, a page of revisions at a time. */
export default function StreamViewPage() {
  const { streamId = '' } = useParams();
  const [params] = useSearchParams();
  const from = revisionOf(params.get('from')) ?? 0;
  const stream = useStream({ streamId, fromRevision: from, limit: PAGE_SIZE });
  const last = stream.data?.lastRevision ?? null;
  const events = stream.data?.events ?? [];
  const shownTo = from + events.length - 1;
  const lastPageStart = last === null ? 0 : Math.floor(last / PAGE_SIZE) * PAGE_SIZE;

  const pager = (
    <Box component="nav" aria-label="Revisions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto' }}>
        {last === null ? 'No events' : events.length === 0 ? `No events from revision ${from}` : `Revisions ${from}–${shownTo} of 0–${last}`}
      </Typography>
      <Button size="small" component={RouterLink} to={streamPath(streamId, 0)} disabled={from === 0}>
        First
      </Button>
      <Button size="small" component={RouterLink} to={streamPath(streamId, Math.max(0, from - PAGE_SIZE))} disabled={from === 0}>
        Previous
      </Button>
      <Button size="small" component={RouterLink} to={streamPath(streamId, from + PAGE_SIZE)} disabled={last === null || shownTo >= last}>
        Next
      </Button>
      <Button size="small" component={RouterLink} to={streamPath(streamId, lastPageStart)} disabled={last === null || from >= lastPageStart}>
        Last
      </Button>
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button size="small" component={RouterLink} to="/audit/streams">
          ← All streams
        </Button>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {streamId}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Read from the event store itself{last === null ? '' : ` · ${last + 1} ${last === 0 ? 'event' : 'events'}`}
        </Typography>
      </Box>
      <Box>
        <DownloadExportButton streamId={streamId} disabled={last === null} />
      </Box>
      {pager}
      {stream.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading events" />
        </Box>
      ) : stream.isError ? (
        <Typography role="alert" color="error">
          {stream.error.message}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, opacity: stream.isPlaceholderData ? 0.6 : 1 }}>
          {events.map((event) => (
            <StreamEventCard key={event.id} event={event} />
          ))}
        </Box>
      )}
      {events.length > 3 && pager}
    </Box>
  );
}
