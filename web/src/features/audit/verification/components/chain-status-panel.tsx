import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { VerificationOverview } from '@concierge/contracts/audit/integrity';
import { formatInstant } from '../../components/format-instant';
import { useVerificationOverview } from '../api/overview';
import { Field } from './field';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' } } as const;

function ChainStatus({ chain }: { chain: NonNullable<VerificationOverview['chain']> }) {
  const [first] = chain.breaks;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip size="small" color={chain.status === 'ok' ? 'success' : 'error'} label={chain.status === 'ok' ? 'Every chain holds' : `Broken: ${chain.breakCount} ${chain.breakCount === 1 ? 'break' : 'breaks'}`} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Verified {formatInstant(chain.verifiedAt)}
        </Typography>
      </Box>
      <Box sx={grid}>
        <Field label="Streams">{chain.streams.toLocaleString('en-US')}</Field>
        <Field label="Events">{chain.events.toLocaleString('en-US')}</Field>
        <Field label="Up to position">
          <Box component="span" sx={mono}>
            {chain.upTo}
          </Box>
        </Field>
        <Field label="Took">{chain.seconds.toFixed(2)} s</Field>
      </Box>
      {first && (
        <Alert severity="error">
          First break: <strong>{first.streamId}</strong> at revision {first.revision} ({first.kind}). {first.message}
        </Alert>
      )}
    </Box>
  );
}

function Checkpoint({ checkpoint }: { checkpoint: NonNullable<VerificationOverview['checkpoint']> }) {
  return (
    <Box sx={grid}>
      <Field label="Signed">{formatInstant(checkpoint.createdAt)}</Field>
      <Field label="Signature">
        {checkpoint.signatureValid === null ? 'not checked here' : checkpoint.signatureValid ? 'valid (Ed25519)' : 'INVALID: forged or altered'}
      </Field>
      <Field label="Checkpoint">#{checkpoint.sequence}</Field>
      <Field label="Streams and events">
        {checkpoint.streams.toLocaleString('en-US')} streams, {checkpoint.events.toLocaleString('en-US')} events
      </Field>
      <Field label="Key id">
        <Box component="span" sx={mono}>
          {checkpoint.keyId}
        </Box>
      </Field>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Field label="Merkle root">
          <Box component="span" sx={mono}>
            {checkpoint.merkleRoot}
          </Box>
        </Field>
      </Box>
    </Box>
  );
}

/** The verification panel's chain part: the checkpoint job's last verification of every hash chain and the last signed checkpoint. */
export function ChainStatusPanel() {
  const overview = useVerificationOverview();
  const data = overview.data;
  return (
    <Paper variant="outlined" component="section" aria-label="Hash chains" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography variant="h6" component="h2">
          Hash chains and signed checkpoint
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Every hour (by default) the workers recompute every stream&apos;s hash chain and sign the heads of all streams, and every minute or 1,000 events they sign the events since; check them yourself with npm run audit -- verify.
        </Typography>
      </Box>
      {overview.isError && <Alert severity="error">{overview.error.message}</Alert>}
      {data && (data.chain ? <ChainStatus chain={data.chain} /> : <Typography variant="body2">No chain verification has run yet.</Typography>)}
      {data && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle2" component="h3">
            Last signed checkpoint
          </Typography>
          {data.checkpoint ? <Checkpoint checkpoint={data.checkpoint} /> : <Typography variant="body2">No checkpoint has been signed yet.</Typography>}
          {data.auditKey && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Audit key{' '}
              <Box component="span" sx={mono}>
                {data.auditKey.keyId}
              </Box>
              {data.checkpoint && data.checkpoint.keyId !== data.auditKey.keyId ? ' — the checkpoint names another key' : ''}
            </Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}
