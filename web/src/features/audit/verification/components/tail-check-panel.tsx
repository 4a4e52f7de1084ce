import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TailVerification } from '@concierge/contracts/audit/tail-check';
import { errorMessage } from '../../../../lib/api-client';
import { formatInstant } from '../../components/format-instant';
import { useVerifyTail } from '../api/tail-check';
import { Field } from './field';

export const CHECK_TAIL = 'Check the tail now';
const CHECK_FAILED = 'The tail could not be checked.';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;
const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' } } as const;

/** The verdict in words: what was checked, from where, and each break by stream and revision. */
export function TailVerdict({ tail }: { tail: TailVerification }) {
  const since = tail.checkpoint ? `after checkpoint #${tail.checkpoint.sequence}` : 'no checkpoint yet: from the first event';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} aria-live="polite">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          size="small"
          color={tail.verdict === 'intact' ? 'success' : 'error'}
          label={tail.verdict === 'intact' ? 'Intact: every event since the checkpoint holds' : `Broken: ${tail.breakCount} ${tail.breakCount === 1 ? 'break' : 'breaks'}`}
          sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Checked {formatInstant(tail.checkedAt)}
        </Typography>
      </Box>
      <Box sx={grid}>
        <Field label="Events checked">{tail.events.toLocaleString('en-US')}</Field>
        <Field label="Streams">{tail.streams.toLocaleString('en-US')}</Field>
        <Field label={`From position (${since})`}>
          <Box component="span" sx={mono}>
            {tail.from}
          </Box>
        </Field>
        <Field label="Up to position">
          <Box component="span" sx={mono}>
            {tail.upTo}
          </Box>
        </Field>
      </Box>
      {tail.checkpoint?.signatureValid === false && <Alert severity="error">The last checkpoint&apos;s signature or root does not hold: where the tail starts cannot be trusted.</Alert>}
      {tail.breaks.length > 0 && (
        <Box component="ul" aria-label="Breaks in the tail" sx={{ m: 0, pl: 2, display: 'grid', gap: 1 }}>
          {tail.breaks.map((b) => (
            <Box component="li" key={`${b.streamId}/${b.revision}/${b.kind}`}>
              <Typography variant="body2" sx={mono}>
                <strong>{b.streamId}</strong> at revision {b.revision} ({b.kind})
              </Typography>
              <Typography variant="caption" sx={{ ...mono, color: 'text.secondary' }}>
                {b.message}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {tail.breakCount > tail.breaks.length && (
        <Typography variant="caption">
          The first {tail.breaks.length} of {tail.breakCount} breaks are listed; npm run audit -- verify names them all.
        </Typography>
      )}
    </Box>
  );
}

/**
 * The verification panel's tail check: the checkpoint job's verdict is as old as its last run, so
 * an auditor can verify now every event appended since the last signed checkpoint. On demand only.
 */
export function TailCheckPanel() {
  const check = useVerifyTail();
  return (
    <Paper variant="outlined" component="section" aria-label="Events since the last checkpoint" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography variant="h6" component="h2">
            Events since the last checkpoint
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The verdict above is as old as the last scheduled run. Check now that every event appended after the last signed checkpoint still hashes to its recorded hash and links to the one before it.
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? 'Checking…' : CHECK_TAIL}
        </Button>
      </Box>
      {check.isError && <Alert severity="error">{errorMessage(check.error, CHECK_FAILED)}</Alert>}
      {check.data && <TailVerdict tail={check.data} />}
    </Paper>
  );
}
