import Typography from '@mui/material/Typography';
import type { Actor } from '@concierge/contracts/shared/envelope';

/** Shown for events written before every writer recorded who acted (or with unreadable metadata). */
export const ACTOR_NOT_RECORDED = 'actor not recorded';

/** "User 1f2e… (admin)", "System: withdrawal-settlement", or "actor not recorded" in grey. */
export function actorText(actor: Actor | null): string {
  if (actor === null) return ACTOR_NOT_RECORDED;
  if (actor.type === 'system') return actor.reason ? `System: ${actor.reason}` : 'System';
  return `${actor.userId} (${actor.role})`;
}

export function ActorLabel({ actor }: { actor: Actor | null }) {
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
