import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Actor } from '@concierge/contracts/shared/envelope';
import { eventSearchPath } from './audit-paths';

/** Shown for events written before every writer recorded who acted (or with unreadable metadata). */
export const ACTOR_NOT_RECORDED = 'actor not recorded';

/** "1f2e… (admin)", "System: withdrawal-settlement", or "actor not recorded". */
export function actorText(actor: Actor | null): string {
  if (actor === null) return ACTOR_NOT_RECORDED;
  if (actor.type === 'system') return actor.reason ? `System: ${actor.reason}` : 'System';
  return `${actor.userId} (${actor.role})`;
}

/** Who acted; a person links to everything they did, an unrecorded actor is greyed out. */
export function ActorLabel({ actor }: { actor: Actor | null }) {
  if (actor?.type === 'user') {
    return (
      <Link component={RouterLink} to={eventSearchPath({ actorId: actor.userId })} variant="body2" title="Every event by this account" sx={{ overflowWrap: 'anywhere' }}>
        {actorText(actor)}
      </Link>
    );
  }
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: actor === null ? 'text.disabled' : 'text.primary', fontStyle: actor === null ? 'italic' : 'normal', overflowWrap: 'anywhere' }}
    >
      {actorText(actor)}
    </Typography>
  );
}
