import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReplayDifference, ReplayVerificationReport } from '@concierge/contracts/audit/replay-verify';
import { formatInstant } from '../../components/format-instant';

const STATUS_COLOR = { queued: 'default', running: 'info', passed: 'success', failed: 'error', error: 'warning' } as const;
const STATUS_TEXT = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed: every read model rebuilt from the events equals the live one',
  failed: 'Failed: differences found',
  error: 'Could not finish',
} as const;

/** A value of a difference as an auditor reads it: JSON, short. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** A verification's status chip. */
export function ReplayStatus({ report }: { report: ReplayVerificationReport }) {
  // The longer statuses wrap on a phone instead of widening the page.
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[report.status]}
      label={STATUS_TEXT[report.status]}
      sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

function Difference({ difference }: { difference: ReplayDifference }) {
  return (
    <Box component="li" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {difference.collection} / {difference.documentId} — {difference.kind === 'changed' ? 'changed' : difference.kind === 'missing-live' ? 'missing from the live read model' : 'not made by the events (live only)'}
      </Typography>
      {difference.kind === 'changed' && (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {difference.fields.map((field) => (
            <Typography component="li" variant="caption" key={field.path} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {field.path}: live {shown(field.live)}, rebuilt {shown(field.rebuilt)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** What a verification compared (every projection as of the position pinned when it started) and every difference it found. */
export function ReplayReport({ report }: { report: ReplayVerificationReport }) {
  const exclusions = report.exclusions.map((e) => `${e.collection}.${e.path} (${e.reason})`).join('; ');
  const afterPin = report.projections.reduce((sum, p) => sum + (p.changedAfterPin ?? 0), 0);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ReplayStatus report={report} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Requested {formatInstant(report.requestedAt)}
          {report.requestedBy ? ` by ${report.requestedBy.userId} (${report.requestedBy.role})` : ''}
          {report.finishedAt ? `, finished ${formatInstant(report.finishedAt)}` : ''}
        </Typography>
      </Box>
      {report.error && <Alert severity="warning">{report.error}</Alert>}
      {report.pinnedAt && (
        <Typography variant="body2">
          Every read model compared as of position{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {report.pinnedAt}
          </Box>
          , the store&apos;s last event when the run started
          {afterPin > 0 ? `; ${afterPin} document${afterPin === 1 ? '' : 's'} written by later events left for the next run` : ''}.
        </Typography>
      )}
      {report.projections.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          {/* Long snake_case collection and projection names break anywhere, so a phone needs no sideways scroll. */}
          <Table size="small" aria-label="Read models compared" sx={{ '& td, & th': { overflowWrap: 'anywhere', px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Projection</TableCell>
                {!report.pinnedAt && <TableCell>At position</TableCell>}
                <TableCell>Collections (live / rebuilt documents)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.projections.map((p) => (
                <TableRow key={p.projection}>
                  <TableCell>{p.projection}</TableCell>
                  {/* A run with a pin compared every projection at it (said above); older reports each at its own checkpoint. */}
                  {!report.pinnedAt && <TableCell sx={{ fontFamily: 'monospace' }}>{p.position ?? 'no checkpoint'}</TableCell>}
                  <TableCell>
                    {p.collections.map((c) => `${c.collection} ${c.live}/${c.rebuilt}${c.differing ? ` (${c.differing} differ)` : ''}`).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {(report.status === 'passed' || report.status === 'failed') && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Excluded from the comparison: {exclusions || 'nothing'}
        </Typography>
      )}
      {report.differenceCount > 0 && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle2" component="h3">
            {report.differenceCount} document{report.differenceCount === 1 ? '' : 's'} differ
            {report.differenceCount > report.differences.length ? ` (the first ${report.differences.length} listed)` : ''}
          </Typography>
          <Box component="ul" aria-label="Differences" sx={{ m: 0, pl: 2, display: 'grid', gap: 1 }}>
            {report.differences.map((d) => (
              <Difference key={`${d.collection}/${d.documentId}`} difference={d} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
