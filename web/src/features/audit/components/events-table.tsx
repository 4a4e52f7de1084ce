import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEventSummary } from '@concierge/contracts/audit/dto';
import { DataTable, type ServerPagination } from '../../../components/data-table';
import { ActorLabel } from './actor-label';
import { streamPath } from './audit-paths';
import { formatInstant } from './format-instant';
import { CorrelationLink } from './id-link';

/** The event in its stream, opened at its revision. */
function EventLink({ event }: { event: AuditEventSummary }) {
  return (
    <Link component={RouterLink} to={streamPath(event.streamId, event.revision)} sx={{ fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
      {event.streamId}@{event.revision}
    </Link>
  );
}

const COLUMNS: GridColDef<AuditEventSummary>[] = [
  { field: 'position', headerName: 'Position', width: 120 },
  { field: 'time', headerName: 'Time', width: 190, valueFormatter: (value: string) => formatInstant(value) },
  { field: 'type', headerName: 'Type', flex: 1, minWidth: 170 },
  { field: 'streamId', headerName: 'Stream @ revision', flex: 1.3, minWidth: 220, renderCell: ({ row }) => <EventLink event={row} /> },
  { field: 'actor', headerName: 'Actor', flex: 1, minWidth: 180, renderCell: ({ row }) => <ActorLabel actor={row.actor} /> },
  { field: 'correlationId', headerName: 'Correlation', flex: 1, minWidth: 180, renderCell: ({ row }) => <CorrelationLink id={row.correlationId} label="Correlation" /> },
];

function EventCard({ event }: { event: AuditEventSummary }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0, width: '100%' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {event.type}
      </Typography>
      <EventLink event={event} />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {formatInstant(event.time)} · position {event.position}
      </Typography>
      <ActorLabel actor={event.actor} />
      <CorrelationLink id={event.correlationId} label="Correlation" />
    </Box>
  );
}

type EventsTableProps = { events: readonly AuditEventSummary[]; pagination: ServerPagination; refreshing: boolean };

/** Search results in global order, each linking to its stream and to its request's other events. */
export function EventsTable({ events, pagination, refreshing }: EventsTableProps) {
  return (
    <DataTable
      label="Events"
      rows={events}
      columns={COLUMNS}
      phoneCard={(event) => <EventCard event={event} />}
      emptyText="No events match these filters"
      refreshing={refreshing}
      pagination={pagination}
      cardsBelow="lg"
    />
  );
}
