import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UserDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { PHONE_ONLY, phoneRow, WIDE_ONLY } from '../../../lib/phone-table';
import { DashboardTable } from './dashboard-table';
import { DecisionButtons } from '../../../components/decision-buttons';
import { approveBlockedReason, UnconfirmedEmail } from '../../../components/unconfirmed-email';

type PendingUsersTableProps = {
  users: UserDto[];
  loading: boolean;
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
  /** The user whose approval or rejection is on its way. */
  busyId: string | undefined;
};

const COLUMNS = [
  { label: 'Name' },
  { label: 'Email', wide: true },
  { label: 'Registered', wide: true },
  { label: 'Actions', align: 'right' as const },
];

/** Recent User Registrations: the latest pending users with Approve and Reject. */
export function PendingUsersTable({ users, loading, onApprove, onReject, busyId }: PendingUsersTableProps) {
  return (
    <DashboardTable
      title="Recent User Registrations"
      columns={COLUMNS}
      viewAllTo="/admin/users?status=pending"
      loading={loading}
      emptyText="No pending user registrations"
    >
      {users.map((user) => (
        <TableRow key={user.id} hover sx={phoneRow}>
          <TableCell sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {user.firstName} {user.lastName}
            </Typography>
            <Typography variant="caption" sx={{ ...PHONE_ONLY, color: 'text.secondary' }} noWrap>
              {user.email} · {formatDate(user.createdAt)}
            </Typography>
            <UnconfirmedEmail user={user} />
          </TableCell>
          <TableCell sx={WIDE_ONLY}>{user.email}</TableCell>
          <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</TableCell>
          <TableCell align="right">
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <DecisionButtons
                busy={busyId === user.id}
                onApprove={() => onApprove(user.id)}
                onReject={() => onReject(user.id)}
                approveBlockedReason={approveBlockedReason(user)}
              />
            </Box>
          </TableCell>
        </TableRow>
      ))}
    </DashboardTable>
  );
}
