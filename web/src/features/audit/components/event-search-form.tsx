import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';

/** The event search's filters as the URL and the API hold them ('' is no filter; times are ISO instants). */
export type EventFilters = { type: string; from: string; to: string; actorId: string; correlationId: string };

export const NO_EVENT_FILTERS: EventFilters = { type: '', from: '', to: '', actorId: '', correlationId: '' };

/** `2026-01-31T09:00:05.000Z` -> `2026-01-31T09:00:05` for a datetime-local field read as UTC. */
export function toUtcField(iso: string): string {
  return iso === '' ? '' : iso.slice(0, 19);
}

/** A datetime-local value read as UTC -> an ISO instant ('' stays ''). */
export function fromUtcField(value: string): string {
  if (value === '') return '';
  const withSeconds = value.length === 16 ? `${value}:00` : value;
  const date = new Date(`${withSeconds}Z`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

type EventSearchFormProps = { initial: EventFilters; onApply: (filters: EventFilters) => void };

/** Type, time range (UTC), actor and correlation id; Search applies them, Reset clears them. */
export function EventSearchForm({ initial, onApply }: EventSearchFormProps) {
  const [draft, setDraft] = useState({ ...initial, from: toUtcField(initial.from), to: toUtcField(initial.to) });
  const field = (name: keyof EventFilters) => ({
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft((current) => ({ ...current, [name]: event.target.value })),
    size: 'small' as const,
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label="Search events"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({
          type: draft.type.trim(),
          from: fromUtcField(draft.from),
          to: fromUtcField(draft.to),
          actorId: draft.actorId.trim(),
          correlationId: draft.correlationId.trim(),
        });
      }}
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
    >
      <TextField label="Event type" placeholder="WithdrawalRequested" {...field('type')} />
      <TextField label="From (UTC)" type="datetime-local" slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} {...field('from')} />
      <TextField label="To (UTC)" type="datetime-local" slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} {...field('to')} />
      <TextField label="Actor (user id)" {...field('actorId')} />
      <TextField label="Correlation id" {...field('correlationId')} sx={{ gridColumn: { sm: 'span 2', lg: 'auto' } }} />
      <Paper elevation={0} sx={{ display: 'flex', gap: 1, alignItems: 'center', gridColumn: { sm: '1 / -1', lg: 'auto' }, bgcolor: 'transparent' }}>
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setDraft(NO_EVENT_FILTERS);
            onApply(NO_EVENT_FILTERS);
          }}
        >
          Reset
        </Button>
      </Paper>
    </Paper>
  );
}
