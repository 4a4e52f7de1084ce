import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { eventSearchPath } from './audit-paths';

/** A correlation or causation id as a link to every event of that request; "not recorded" when absent. */
export function CorrelationLink({ id, label }: { id: string | null; label: string }) {
  if (id === null) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
        not recorded
      </Typography>
    );
  }
  return (
    <Link
      component={RouterLink}
      to={eventSearchPath({ correlationId: id })}
      aria-label={`${label} ${id}: every event of this request`}
      sx={{ fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}
    >
      {id}
    </Link>
  );
}
