import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StrategyGroupDto } from '@concierge/contracts';
import { STRATEGY_DELETED_MESSAGE } from '@concierge/contracts/strategies/dto';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteStrategy } from '../../../features/strategies/api/delete-strategy';
import { useStrategies } from '../../../features/strategies/api/get-strategies';
import { StrategiesTable } from '../../../features/strategies/components/strategies-table';
import { StrategyForm } from '../../../features/strategies/components/strategy-form';

/** /admin/strategies: the form to add or edit a strategy group and the table of groups. */
export default function StrategyManagerPage() {
  const { enqueueSnackbar } = useSnackbar();
  const groups = useStrategies();
  const removal = useDeleteStrategy();
  const [editing, setEditing] = useState<StrategyGroupDto | null>(null);
  const [deleting, setDeleting] = useState<StrategyGroupDto | null>(null);

  useEffect(() => {
    if (groups.error) enqueueSnackbar(errorMessage(groups.error, 'Failed to load strategy groups.'), { variant: 'error' });
  }, [groups.error, enqueueSnackbar]);

  const confirmDelete = () => {
    if (!deleting) return;
    removal.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(STRATEGY_DELETED_MESSAGE, { variant: 'success' });
        if (editing?.id === deleting.id) setEditing(null);
        setDeleting(null);
      },
      onError: (error) => {
        enqueueSnackbar(errorMessage(error, 'Failed to delete strategy group.'), { variant: 'error' });
        setDeleting(null);
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Strategy Groups
      </Typography>
      <StrategyForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <Paper variant="outlined" component="section" aria-label="Groups" sx={{ p: { xs: 1, md: 2 } }}>
        <StrategiesTable groups={groups.data ?? []} loading={groups.isFetching} onEdit={setEditing} onDelete={setDeleting} />
      </Paper>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete strategy group"
        question="Are you sure you want to delete this strategy group?"
        subject={deleting?.displayName || deleting?.name}
        confirmLabel="Delete"
        busy={removal.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
