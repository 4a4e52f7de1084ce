import Typography from '@mui/material/Typography';
import type { UserDto } from '@concierge/contracts';

/** An addition to the first design: a registration is approved only once its owner confirmed the email. */
export const UNCONFIRMED_EMAIL_LABEL = 'Email not confirmed';
export const UNCONFIRMED_APPROVE_REASON = 'This person has not confirmed their email address yet.';

/** The reason Approve is blocked for this user, if it is. */
export function approveBlockedReason(user: Pick<UserDto, 'emailVerified'>): string | undefined {
  return user.emailVerified ? undefined : UNCONFIRMED_APPROVE_REASON;
}

/** A line under the user's name while their email is unconfirmed. */
export function UnconfirmedEmail({ user }: { user: Pick<UserDto, 'emailVerified'> }) {
  if (user.emailVerified) return null;
  return (
    <Typography variant="caption" sx={{ display: 'block', color: 'warning.dark', fontWeight: 500, whiteSpace: 'nowrap' }}>
      {UNCONFIRMED_EMAIL_LABEL}
    </Typography>
  );
}
