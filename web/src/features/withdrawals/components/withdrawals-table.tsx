import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridFilterModel } from '@mui/x-data-grid';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatDate, shortenAddress } from '../../../lib/format';
import { dateColumn, DataTable, type ServerPagination } from '../../../components/data-table';
import { TxHashLink } from '../../../components/tx-hash-link';
import type { WithdrawalAction } from '../api/process-withdrawal';
import { WithdrawalAmount, WithdrawalMember } from './withdrawal-cells';
import { payoutState, type PayoutState } from './payout-state';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

type WithdrawalsTableProps = {
  withdrawals: WithdrawalDto[];
  /** Approve goes straight to the server; the other actions open their dialog. */
  onAction: (withdrawal: WithdrawalDto, action: WithdrawalAction) => void;
  /** The withdrawal whose decision is on its way. */
  busyId: string | undefined;
  pagination: ServerPagination;
  filterModel: GridFilterModel;
  refreshing: boolean;
  emptyText: ReactNode;
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

type RowActionsProps = Pick<WithdrawalsTableProps, 'onAction' | 'busyId'> & { withdrawal: WithdrawalDto };

/** The buttons of one row; they wrap, so eight columns still fit beside the sidebar. */
function RowActions({ withdrawal, onAction, busyId }: RowActionsProps) {
  const actions = actionsOf(withdrawal.status, payoutState(withdrawal));
  if (actions.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: { xs: 'flex-start', md: 'flex-end' }, gap: 1, width: '100%' }}>
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
  );
}

function Destination({ withdrawal }: { withdrawal: WithdrawalDto }) {
  const destination = withdrawal.withdrawalAddressId;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" title={destination.address} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {shortenAddress(destination.address)}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {destination.network}
      </Typography>
    </Box>
  );
}

type Actions = Pick<WithdrawalsTableProps, 'onAction' | 'busyId'>;

function columns(actions: Actions): GridColDef<WithdrawalDto>[] {
  return [
    { field: 'user', headerName: 'User', flex: 1, minWidth: 110, renderCell: ({ row }) => <WithdrawalMember withdrawal={row} /> },
    {
      field: 'amount',
      headerName: 'Amount',
      headerAlign: 'right',
      align: 'right',
      width: 100,
      renderCell: ({ row }) => <WithdrawalAmount withdrawal={row} />,
    },
    { field: 'asset', headerName: 'Asset', width: 64 },
    { field: 'address', headerName: 'Address', width: 115, renderCell: ({ row }) => <Destination withdrawal={row} /> },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => (
        <Box>
          <WithdrawalStatusBadge status={row.status} payout={payoutState(row)} />
        </Box>
      ),
    },
    dateColumn('requestedAt', 'Requested'),
    { field: 'transactionHash', headerName: 'Tx Hash', width: 105, renderCell: ({ row }) => <TxHashLink hash={row.transactionHash} /> },
    { field: 'actions', headerName: 'Actions', headerAlign: 'right', width: 220, renderCell: ({ row }) => <RowActions withdrawal={row} {...actions} /> },
  ];
}

/** A withdrawal on a phone: who and how much, where to and when, the status and hash, the actions below. */
function WithdrawalCard({ withdrawal, ...actions }: RowActionsProps) {
  const destination = withdrawal.withdrawalAddressId;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 1, width: '100%' }}>
      <WithdrawalMember withdrawal={withdrawal}>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {shortenAddress(destination.address)} · {destination.network} ·{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatDate(withdrawal.requestedAt)}
          </Box>
        </Typography>
      </WithdrawalMember>
      <Typography variant="body2" sx={{ textAlign: 'right' }}>
        <WithdrawalAmount withdrawal={withdrawal} withAsset />
      </Typography>
      <Box>
        <WithdrawalStatusBadge status={withdrawal.status} payout={payoutState(withdrawal)} />
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <TxHashLink hash={withdrawal.transactionHash} />
      </Box>
      <Box sx={{ gridColumn: '1 / -1', '&:empty': { display: 'none' } }}>
        <RowActions withdrawal={withdrawal} {...actions} />
      </Box>
    </Box>
  );
}

/** One page of withdrawals: who, how much, where to, status, when, the payout hash and the actions. */
export function WithdrawalsTable({ withdrawals, onAction, busyId, pagination, filterModel, refreshing, emptyText }: WithdrawalsTableProps) {
  const actions = { onAction, busyId };
  return (
    <DataTable
      label="Withdrawals"
      rows={withdrawals}
      columns={columns(actions)}
      phoneCard={(withdrawal) => <WithdrawalCard withdrawal={withdrawal} {...actions} />}
      // Eight columns need the width of a large screen beside the sidebar.
      cardsBelow="lg"
      emptyText={emptyText}
      refreshing={refreshing}
      pagination={pagination}
      filterModel={filterModel}
    />
  );
}
