import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { StrategyGroupDto } from '@concierge/contracts';
import { DataTable } from '../../../components/data-table';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { RISK_LEVEL_CHIP, RISK_LEVEL_LABELS } from './risk-level';

type StrategiesTableProps = {
  groups: StrategyGroupDto[];
  loading: boolean;
  onEdit: (group: StrategyGroupDto) => void;
  onDelete: (group: StrategyGroupDto) => void;
};

type Actions = Pick<StrategiesTableProps, 'onEdit' | 'onDelete'>;

/** The group's colour swatch, name, display name and description. */
function GroupName({ group }: { group: StrategyGroupDto }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25, minWidth: 0 }}>
      <Box aria-hidden sx={{ width: 14, height: 14, mt: 0.375, flexShrink: 0, borderRadius: '50%', bgcolor: group.color, border: 1, borderColor: 'divider' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {group.displayName || group.name}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {group.displayName && group.displayName !== group.name ? `${group.name} · ` : ''}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {group.color}
          </Box>
        </Typography>
        {group.description && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {group.description}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function RiskBadge({ group }: { group: StrategyGroupDto }) {
  return <Chip size="small" variant="outlined" color={RISK_LEVEL_CHIP[group.riskLevel]} label={`${RISK_LEVEL_LABELS[group.riskLevel]} · ${group.riskWeight}`} />;
}

/** Said of a symbol the chain's token registry lacks: the group keeps it, but nothing holds a value for it. */
export const UNKNOWN_SYMBOL_HINT = 'Not in the token registry of this chain: holdings of it are not read or valued.';

function TokenChips({ group }: { group: StrategyGroupDto & { unknownSymbols?: readonly string[] } }) {
  const unknown = new Set(group.unknownSymbols ?? []);
  return (
    <Box component="ul" aria-label={`Token symbols of ${group.name}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      {group.tokenSymbols.map((symbol) =>
        unknown.has(symbol) ? (
          <Tooltip key={symbol} title={UNKNOWN_SYMBOL_HINT}>
            <Chip
              component="li"
              size="small"
              color="warning"
              variant="outlined"
              icon={<WarningAmberOutlined />}
              label={symbol}
              aria-label={`${symbol}: ${UNKNOWN_SYMBOL_HINT}`}
              sx={{ fontFamily: 'monospace' }}
            />
          </Tooltip>
        ) : (
          <Chip key={symbol} component="li" size="small" label={symbol} sx={{ fontFamily: 'monospace' }} />
        ),
      )}
    </Box>
  );
}

function GroupActions({ group, onEdit, onDelete }: Actions & { group: StrategyGroupDto }) {
  return <EditDeleteActions name={group.name} onEdit={() => onEdit(group)} onDelete={() => onDelete(group)} />;
}

function columns(actions: Actions): GridColDef<StrategyGroupDto>[] {
  return [
    { field: 'name', headerName: 'Strategy Group', flex: 1.2, minWidth: 180, renderCell: ({ row }) => <GroupName group={row} /> },
    { field: 'riskWeight', headerName: 'Risk', width: 180, renderCell: ({ row }) => <RiskBadge group={row} /> },
    { field: 'tokenSymbols', headerName: 'Token Symbols', flex: 1, minWidth: 180, renderCell: ({ row }) => <TokenChips group={row} /> },
    { field: 'actions', headerName: 'Actions', headerAlign: 'right', width: 230, renderCell: ({ row }) => <GroupActions group={row} {...actions} /> },
  ];
}

/** A group on a phone: name and risk, then its tokens and the actions. */
function GroupCard({ group, ...actions }: Actions & { group: StrategyGroupDto }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'start', columnGap: 1, rowGap: 1, width: '100%' }}>
      <GroupName group={group} />
      <RiskBadge group={group} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TokenChips group={group} />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <GroupActions group={group} {...actions} />
      </Box>
    </Box>
  );
}

/** Every strategy group, lowest risk weight first, with Edit and Delete. */
export function StrategiesTable({ groups, loading, onEdit, onDelete }: StrategiesTableProps) {
  const actions = { onEdit, onDelete };
  return (
    <DataTable
      label="Strategy groups"
      rows={groups}
      columns={columns(actions)}
      phoneCard={(group) => <GroupCard group={group} {...actions} />}
      emptyText="No strategy groups yet. Add the first one above."
      refreshing={loading}
    />
  );
}
