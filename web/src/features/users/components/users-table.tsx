import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridFilterModel } from '@mui/x-data-grid';
import type { UserDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from './status-badge';
import { dateColumn, DataTable, type ServerPagination } from '../../../components/data-table';
import { DecisionButtons } from '../../../components/decision-buttons';
import { approveBlockedReason, UnconfirmedEmail } from '../../../components/unconfirmed-email';

type UsersTableProps = {
  users: UserDto[];
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
  /** The user whose approval or rejection is on its way. */
  busyId: string | undefined;
  pagination: ServerPagination;
  filterModel: GridFilterModel;
  refreshing: boolean;
};

type Actions = Pick<UsersTableProps, 'onApprove' | 'onReject' | 'busyId'>;

/** Approve and Reject for a pending user, and View Details for everyone. */
function UserActions({ user, onApprove, onReject, busyId }: Actions & { user: UserDto }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: { xs: 'flex-start', md: 'flex-end' }, gap: 1, width: '100%' }}>
      {user.status === 'pending' && (
        <DecisionButtons
          busy={busyId === user.id}
          onApprove={() => onApprove(user.id)}
          onReject={() => onReject(user.id)}
          approveBlockedReason={approveBlockedReason(user)}
        />
      )}
      <Button
        size="small"
        component={RouterLink}
        to={`/admin/users/${encodeURIComponent(user.id)}`}
        sx={{ whiteSpace: 'nowrap', ml: { xs: 'auto', md: 0 } }}
      >
        View Details
      </Button>
    </Box>
  );
}

function UserName({ user }: { user: UserDto }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {user.firstName} {user.lastName}
      </Typography>
      <UnconfirmedEmail user={user} />
    </Box>
  );
}

function columns(actions: Actions): GridColDef<UserDto>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 0.8, minWidth: 140, renderCell: ({ row }) => <UserName user={row} /> },
    {
      field: 'email',
      headerName: 'Email',
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Typography variant="body2" noWrap title={row.email} sx={{ minWidth: 0 }}>
          {row.email}
        </Typography>
      ),
    },
    { field: 'status', headerName: 'Status', width: 100, renderCell: ({ row }) => <StatusBadge status={row.status} /> },
    dateColumn('createdAt', 'Registered'),
    {
      field: 'actions',
      headerName: 'Actions',
      headerAlign: 'right',
      width: 350,
      renderCell: ({ row }) => <UserActions user={row} {...actions} />,
    },
  ];
}

/** A user on a phone: name, email and date, the badge beside them, the actions below. */
function UserCard({ user, ...actions }: Actions & { user: UserDto }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', columnGap: 1, rowGap: 1, width: '100%' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
          {user.firstName} {user.lastName}
        </Typography>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
          {user.email} · {formatDate(user.createdAt)}
        </Typography>
        <UnconfirmedEmail user={user} />
      </Box>
      <StatusBadge status={user.status} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <UserActions user={user} {...actions} />
      </Box>
    </Box>
  );
}

/** The users of one page with their actions; Approve and Reject only for pending users. */
export function UsersTable({ users, onApprove, onReject, busyId, pagination, filterModel, refreshing }: UsersTableProps) {
  const actions = { onApprove, onReject, busyId };
  return (
    <DataTable
      label="Users"
      rows={users}
      columns={columns(actions)}
      phoneCard={(user) => <UserCard user={user} {...actions} />}
      emptyText="No users found"
      refreshing={refreshing}
      pagination={pagination}
      filterModel={filterModel}
    />
  );
}
