import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatInstant } from '../../components/format-instant';
import { useMemberAt, type MemberAtParams } from '../api/get-member-at';
import { instantOfInput, nowAsInput } from './amounts';
import { MemberAtView } from './member-at-view';

/**
 * Time travel: a member id and an instant (UTC, to the millisecond) give the member's account as
 * the event streams recorded it up to then. An event recorded at the very instant is included.
 */
export function TimeTravelPanel({ initialUserId = '', initialInstant }: { initialUserId?: string; initialInstant?: string }) {
  const [userId, setUserId] = useState(initialUserId);
  const [instant, setInstant] = useState(initialInstant ?? nowAsInput());
  const [asked, setAsked] = useState<MemberAtParams | undefined>(undefined);
  const answer = useMemberAt(asked);
  const submit = () => {
    const at = instantOfInput(instant);
    if (userId.trim() !== '' && at !== undefined) setAsked({ userId: userId.trim(), instant: at });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Time travel
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          A member&apos;s account at any instant, rebuilt from their event streams as the store recorded them up to it. Times are UTC.
        </Typography>
        <Box
          component="form"
          aria-label="Member and instant"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1.4fr auto auto' }, alignItems: 'start' }}
        >
          <TextField size="small" label="Member id" required value={userId} onChange={(event) => setUserId(event.target.value)} />
          <TextField
            size="small"
            label="Instant (UTC)"
            type="datetime-local"
            required
            value={instant}
            onChange={(event) => setInstant(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 0.001 } }}
            helperText="To the millisecond; an event recorded at this instant is included"
          />
          <Button variant="outlined" onClick={() => setInstant(nowAsInput())}>
            Now
          </Button>
          <Button type="submit" variant="contained" disabled={userId.trim() === '' || instant.trim() === ''}>
            Show account
          </Button>
        </Box>
      </Paper>
      {answer.isFetching && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">Rebuilding from the streams…</Typography>
        </Box>
      )}
      {answer.isError && <Alert severity="error">{answer.error.message}</Alert>}
      {answer.data && !answer.isFetching && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Member {answer.data.userId} as of {formatInstant(answer.data.instant)} ({answer.data.instant})
          </Typography>
          <MemberAtView answer={answer.data} />
        </>
      )}
    </Box>
  );
}
