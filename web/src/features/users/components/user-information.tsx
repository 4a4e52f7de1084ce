import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UserDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from './status-badge';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';

type UserInformationProps = { user: UserDto; planName: string };

/** `wide` fields (name, email) take a whole line on phones, where two columns are narrow. */
function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', sm: 'auto' } : undefined }}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const ROLE_LABELS: Record<UserDto['role'], string> = { user: 'User', admin: 'Admin', auditor: 'Auditor' };

/** Name, email, status, role, plan and registration date of one user. */
export function UserInformation({ user, planName }: UserInformationProps) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
      <Field label="Name" wide>
        {user.firstName} {user.lastName}
      </Field>
      <Field label="Email" wide>
        {user.email}
        <UnconfirmedEmail user={user} />
      </Field>
      <Field label="Status">
        <StatusBadge status={user.status} />
      </Field>
      <Field label="Role">{ROLE_LABELS[user.role]}</Field>
      <Field label="Subscription Plan">{planName}</Field>
      <Field label="Registered">{formatDate(user.createdAt)}</Field>
    </Box>
  );
}
