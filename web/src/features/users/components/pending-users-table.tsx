import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { UserDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { DashboardTable } from '../../../components/dashboard-table';
import { dateColumn } from '../../../components/data-table';
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

type Decisions = Pick<PendingUsersTableProps, 'onApprove' | 'onReject' | 'busyId'>;

function Decide({ user, onApprove, onReject, busyId }: Decisions & { user: UserDto }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, width: '100%' }}>
      <DecisionButtons
        busy={busyId === user.id}
        onApprove={() => onApprove(user.id)}
        onReject={() => onReject(user.id)}
        approveBlockedReason={approveBlockedReason(user)}
      />
    </Box>
  );
}

/** Name, and on phones the email and date under it. */
function Registrant({ user, phone = false }: { user: UserDto; phone?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {user.firstName} {user.lastName}
      </Typography>
      {phone && (
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
          {user.email} · {formatDate(user.createdAt)}
        </Typography>
      )}
      <UnconfirmedEmail user={user} />
    </Box>
  );
}

/** Recent User Registrations: the latest pending users with Approve and Reject. */
export function PendingUsersTable({ users, loading, ...decisions }: PendingUsersTableProps) {
  const columns: GridColDef<UserDto>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 150, renderCell: ({ row }) => <Registrant user={row} /> },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 180 },
    dateColumn('createdAt', 'Registered'),
    { field: 'actions', headerName: 'Actions', headerAlign: 'right', width: 190, renderCell: ({ row }) => <Decide user={row} {...decisions} /> },
  ];
  return (
    <DashboardTable
      title="Recent User Registrations"
      rows={users}
      columns={columns}
      phoneCard={(user) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Registrant user={user} phone />
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <Decide user={user} {...decisions} />
          </Box>
        </Box>
      )}
      viewAllTo="/admin/users?status=pending"
      loading={loading}
      emptyText="No pending user registrations"
    />
  );
}
