import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UserDto } from '@concierge/contracts';
import { formatDate } from '../../../lib/format';
import { PHONE_ONLY, phoneFullWidth, phoneRow, WIDE_HEAD, WIDE_ONLY } from '../../../lib/phone-table';
import { StatusBadge } from './status-badge';
import { DecisionButtons } from '../../../components/decision-buttons';
import { approveBlockedReason, UnconfirmedEmail } from '../../../components/unconfirmed-email';

type UsersTableProps = {
  users: UserDto[];
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
  /** The user whose approval or rejection is on its way. */
  busyId: string | undefined;
};

/** The users of one page with their actions; Approve and Reject only for pending users. */
export function UsersTable({ users, onApprove, onReject, busyId }: UsersTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Users">
        <TableHead sx={WIDE_HEAD}>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Registered</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
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
              <TableCell>
                <StatusBadge status={user.status} />
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</TableCell>
              <TableCell align="right" sx={phoneFullWidth}>
                <Box sx={{ display: 'flex', justifyContent: { xs: 'flex-start', md: 'flex-end' }, gap: 1 }}>
                  {user.status === 'pending' && (
                    <>
                      <DecisionButtons
                busy={busyId === user.id}
                onApprove={() => onApprove(user.id)}
                onReject={() => onReject(user.id)}
                approveBlockedReason={approveBlockedReason(user)}
              />
                    </>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
