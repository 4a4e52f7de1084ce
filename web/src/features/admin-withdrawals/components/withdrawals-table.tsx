import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatDate, shortenAddress } from '../../../lib/format';
import { PHONE_ONLY, phoneFullWidth, phoneRow, WIDE_HEAD, WIDE_ONLY } from '../../../lib/phone-table';
import { TxHashLink } from '../../../components/tx-hash-link';
import type { WithdrawalAction } from '../../../lib/admin-money/process-withdrawal';
import { WithdrawalAmountCell, WithdrawalMemberCell } from '../../../lib/admin-money/withdrawal-cells';
import { payoutState, type PayoutState } from './payout-state';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

type WithdrawalsTableProps = {
  withdrawals: WithdrawalDto[];
  /** Approve goes straight to the server; the other actions open their dialog. */
  onAction: (withdrawal: WithdrawalDto, action: WithdrawalAction) => void;
  /** The withdrawal whose decision is on its way. */
  busyId: string | undefined;
};

type ActionButton = { action: WithdrawalAction; label: string; color: 'success' | 'error' | 'primary' | 'inherit'; contained: boolean };

/** The moves an admin may make from each status; the final ones have none. */
const ACTIONS_BY_STATUS: Record<WithdrawalDto['status'], ActionButton[]> = {
  pending: [
    { action: 'approve', label: 'Approve', color: 'success', contained: true },
    { action: 'reject', label: 'Reject', color: 'error', contained: false },
  ],
  approved: [
    { action: 'complete', label: 'Complete', color: 'primary', contained: true },
    { action: 'cancel', label: 'Cancel', color: 'inherit', contained: false },
  ],
  completed: [],
  cancelled: [],
  rejected: [],
};

/** After an on-chain payout failed for good: pay it again, or give up and release the funds. */
const FAILED_PAYOUT_ACTIONS: ActionButton[] = [
  { action: 'retry', label: 'Retry', color: 'primary', contained: true },
  { action: 'reject', label: 'Reject', color: 'error', contained: false },
];

function actionsOf(status: WithdrawalDto['status'], payout: PayoutState | null): ActionButton[] {
  if (payout?.needsAdmin) return FAILED_PAYOUT_ACTIONS;
  // While a payout transaction may still be mined, a hand-entered hash or a cancel could pay twice.
  if (payout?.inFlight) return [];
  return ACTIONS_BY_STATUS[status];
}

/** One page of withdrawals: who, how much, where to, status, when, the payout hash and the actions. */
export function WithdrawalsTable({ withdrawals, onAction, busyId }: WithdrawalsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Withdrawals">
        <TableHead sx={WIDE_HEAD}>
          <TableRow>
            <TableCell>User</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Asset</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Requested</TableCell>
            <TableCell>Tx Hash</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {withdrawals.map((withdrawal) => {
            const destination = withdrawal.withdrawalAddressId;
            const payout = payoutState(withdrawal);
            const actions = actionsOf(withdrawal.status, payout);
            return (
              <TableRow key={withdrawal.id} hover sx={phoneRow}>
                <WithdrawalMemberCell withdrawal={withdrawal}>
                  <Typography variant="caption" sx={{ ...PHONE_ONLY, color: 'text.secondary' }}>
                    {shortenAddress(destination.address)} · {destination.network} ·{' '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(withdrawal.requestedAt)}
                    </Box>
                  </Typography>
                </WithdrawalMemberCell>
                <WithdrawalAmountCell withdrawal={withdrawal} />
                <TableCell sx={WIDE_ONLY}>{withdrawal.asset}</TableCell>
                <TableCell sx={WIDE_ONLY}>
                  <Typography variant="body2" title={destination.address} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {shortenAddress(destination.address)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {destination.network}
                  </Typography>
                </TableCell>
                <TableCell>
                  <WithdrawalStatusBadge status={withdrawal.status} payout={payout} />
                </TableCell>
                <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDate(withdrawal.requestedAt)}</TableCell>
                <TableCell sx={{ textAlign: { xs: 'right', md: 'left' } }}>
                  <TxHashLink hash={withdrawal.transactionHash} />
                </TableCell>
                <TableCell align="right" sx={actions.length === 0 ? WIDE_ONLY : phoneFullWidth}>
                  {/* Wrapping lets the buttons stack, so eight columns still fit beside the sidebar. */}
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: { xs: 'flex-start', md: 'flex-end' }, gap: 1 }}>
                    {actions.map((button) => (
                      <Button
                        key={button.action}
                        size="small"
                        variant={button.contained ? 'contained' : 'outlined'}
                        color={button.color}
                        disabled={busyId === withdrawal.id}
                        onClick={() => onAction(withdrawal, button.action)}
                      >
                        {button.label}
                      </Button>
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
