import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridFilterModel } from '@mui/x-data-grid';
import type { AuditStreamSummary } from '@concierge/contracts/audit/dto';
import { DataTable, type ServerPagination } from '../../../components/data-table';
import { streamPath } from './audit-paths';
import { formatInstant } from './format-instant';

type Row = AuditStreamSummary & { id: string };

function StreamLink({ streamId }: { streamId: string }) {
  return (
    <Link component={RouterLink} to={streamPath(streamId)} sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' }}>
      {streamId}
    </Link>
  );
}

const COLUMNS: GridColDef<Row>[] = [
  { field: 'streamId', headerName: 'Stream', flex: 1.6, minWidth: 240, renderCell: ({ row }) => <StreamLink streamId={row.streamId} /> },
  { field: 'category', headerName: 'Category', width: 130, renderCell: ({ row }) => <Chip size="small" label={row.category} /> },
  { field: 'eventCount', headerName: 'Events', width: 90, align: 'right', headerAlign: 'right' },
  { field: 'lastEventType', headerName: 'Last event', flex: 1, minWidth: 180 },
  { field: 'lastEventAt', headerName: 'Last event time', width: 190, valueFormatter: (value: string) => formatInstant(value) },
];

/** A stream on a phone: its id, then category, count and last event below. */
function StreamCard({ stream }: { stream: Row }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0, width: '100%' }}>
      <StreamLink streamId={stream.streamId} />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {stream.category} · {stream.eventCount} {stream.eventCount === 1 ? 'event' : 'events'} · {stream.lastEventType} · {formatInstant(stream.lastEventAt)}
      </Typography>
    </Box>
  );
}

type StreamsTableProps = {
  streams: readonly AuditStreamSummary[];
  pagination: ServerPagination;
  filterModel: GridFilterModel;
  refreshing: boolean;
};

/** The stream browser's grid: server-side paging and filtering, one row per stream. */
export function StreamsTable({ streams, pagination, filterModel, refreshing }: StreamsTableProps) {
  return (
    <DataTable
      label="Streams"
      rows={streams.map((stream) => ({ ...stream, id: stream.streamId }))}
      columns={COLUMNS}
      phoneCard={(stream) => <StreamCard stream={stream} />}
      emptyText="No streams match"
      refreshing={refreshing}
      pagination={pagination}
      filterModel={filterModel}
    />
  );
}
