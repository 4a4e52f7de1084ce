import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemberSearch } from '../api/find-members';
import { streamsPath, timeTravelPath } from './audit-paths';

/** Finds a member by name or email and opens every stream named with their id. */
export function MemberLookup() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const members = useMemberSearch(search);
  const found = members.data?.users ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box
        component="form"
        aria-label="Find a member"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(draft.trim());
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' } }}
      >
        <TextField size="small" type="search" label="Find a member by name or email" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit" variant="outlined">
          Find member
        </Button>
      </Box>
      {search !== '' && members.isSuccess && found.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No member matches “{search}”.
        </Typography>
      )}
      {members.isError && (
        <Typography variant="body2" color="error">
          {members.error.message}
        </Typography>
      )}
      {found.map((member) => (
        <Box key={member.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {member.firstName} {member.lastName} · {member.email}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {member.id} · {member.role} · {member.status}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" component={RouterLink} to={streamsPath(member.id)}>
              Show streams
            </Button>
            <Button size="small" component={RouterLink} to={timeTravelPath(member.id)}>
              Time travel
            </Button>
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
