import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { PlanDto } from '@concierge/contracts';
import { DataTable } from '../../../components/data-table';
import { EditDeleteActions } from '../../../components/edit-delete-actions';

type PlansTableProps = {
  plans: PlanDto[];
  loading: boolean;
  onEdit: (plan: PlanDto) => void;
  /** Never offered for the default plan, which cannot be deleted. */
  onDelete: (plan: PlanDto) => void;
};

type Actions = Pick<PlansTableProps, 'onEdit' | 'onDelete'>;

const feeText = (plan: PlanDto) => `${plan.feePercentage}%`;

/** The plan's name, marked when it is the default plan. */
function PlanName({ plan }: { plan: PlanDto }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {plan.name}
      </Typography>
      {plan.isDefault && <Chip size="small" label="Default" color="primary" variant="outlined" />}
    </Box>
  );
}

function ActiveBadge({ plan }: { plan: PlanDto }) {
  return <Chip size="small" label={plan.isActive ? 'Active' : 'Inactive'} color={plan.isActive ? 'success' : 'default'} variant="outlined" />;
}

function PlanActions({ plan, onEdit, onDelete }: Actions & { plan: PlanDto }) {
  return <EditDeleteActions name={plan.name} onEdit={() => onEdit(plan)} onDelete={plan.isDefault ? undefined : () => onDelete(plan)} />;
}

function columns(actions: Actions): GridColDef<PlanDto>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, renderCell: ({ row }) => <PlanName plan={row} /> },
    { field: 'feePercentage', headerName: 'Fee %', width: 90, valueFormatter: (_value, row) => feeText(row) },
    {
      field: 'description',
      headerName: 'Description',
      flex: 1.6,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {row.description || '—'}
        </Typography>
      ),
    },
    { field: 'isActive', headerName: 'Status', width: 100, renderCell: ({ row }) => <ActiveBadge plan={row} /> },
    { field: 'actions', headerName: 'Actions', headerAlign: 'right', width: 230, renderCell: ({ row }) => <PlanActions plan={row} {...actions} /> },
  ];
}

/** A plan on a phone: name and fee, the status beside them, the description and actions below. */
function PlanCard({ plan, ...actions }: Actions & { plan: PlanDto }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', columnGap: 1, rowGap: 0.5, width: '100%' }}>
      <PlanName plan={plan} />
      <ActiveBadge plan={plan} />
      <Typography variant="caption" sx={{ gridColumn: '1 / -1', color: 'text.secondary', overflowWrap: 'anywhere' }}>
        Fee {feeText(plan)}
        {plan.description ? ` · ${plan.description}` : ''}
      </Typography>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <PlanActions plan={plan} {...actions} />
      </Box>
    </Box>
  );
}

/** Every subscription plan with Edit, and Delete for all but the default plan. */
export function PlansTable({ plans, loading, onEdit, onDelete }: PlansTableProps) {
  const actions = { onEdit, onDelete };
  return (
    <DataTable
      label="Subscription plans"
      rows={plans}
      columns={columns(actions)}
      phoneCard={(plan) => <PlanCard plan={plan} {...actions} />}
      emptyText="No subscription plans yet. Add the first one above."
      refreshing={loading}
    />
  );
}
