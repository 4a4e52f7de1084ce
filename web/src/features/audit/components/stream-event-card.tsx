import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RecordedEventDto } from '@concierge/contracts/audit/dto';
import { ActorLabel } from './actor-label';
import { formatInstant } from './format-instant';
import { CorrelationLink } from './id-link';
import { readableData } from './readable-data';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '96px minmax(0, 1fr)', sm: '110px minmax(0, 1fr)' }, gap: 1, alignItems: 'baseline' }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.8rem', overflowX: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

/**
 * Says which fields of the data the audit side does not show: credential material (a password hash,
 * the hash of a link or session secret) that events recorded before the credential store carry.
 */
function WithheldNote({ fields }: { fields: readonly string[] }) {
  return (
    <Typography variant="body2" role="note" sx={{ color: 'text.secondary' }}>
      Not shown: {fields.join(', ')}. Credential material is withheld from the audit trail; the event still links in its hash chain by the digest
      of its content as recorded.
    </Typography>
  );
}

/**
 * One recorded event: revision, global position, time, type, who and why, and its data as readable
 * JSON (money as USDC amounts); "As recorded" shows data and metadata exactly as the store holds them.
 */
export function StreamEventCard({ event }: { event: RecordedEventDto }) {
  const [raw, setRaw] = useState(false);
  return (
    <Paper variant="outlined" component="article" aria-label={`Revision ${event.revision}: ${event.type}`} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" color="primary" variant="outlined" label={`#${event.revision}`} />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {event.type}
        </Typography>
        <Button size="small" sx={{ ml: 'auto' }} onClick={() => setRaw((shown) => !shown)} aria-pressed={raw}>
          {raw ? 'Readable' : 'As recorded'}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
        <Fact label="Time">
          <Typography variant="body2">{formatInstant(event.occurredAt ?? event.recordedAt)}</Typography>
        </Fact>
        <Fact label="Position">
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {event.position}
          </Typography>
        </Fact>
        <Fact label="Actor">
          <ActorLabel actor={event.actor} />
        </Fact>
        <Fact label="Recorded">
          <Typography variant="body2">{formatInstant(event.recordedAt)}</Typography>
        </Fact>
        <Fact label="Correlation">
          <CorrelationLink id={event.correlationId} label="Correlation" />
        </Fact>
        <Fact label="Causation">
          <CorrelationLink id={event.causationId} label="Causation" />
        </Fact>
      </Box>
      {raw ? (
        <>
          <Json value={event.data} label="Data as recorded" />
          <Json value={event.metadata} label="Metadata as recorded" />
        </>
      ) : (
        <Json value={readableData(event.data)} label="Data" />
      )}
      {event.withheld && event.withheld.length > 0 && <WithheldNote fields={event.withheld} />}
    </Paper>
  );
}
