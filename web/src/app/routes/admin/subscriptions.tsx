import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PlanDto } from '@concierge/contracts';
import { PLAN_DELETED_MESSAGE } from '@concierge/contracts/subscriptions/dto';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeletePlan } from '../../../features/plans/api/delete-plan';
import { useSubscriptionPlans } from '../../../features/plans/api/get-plans';
import { PlanForm } from '../../../features/plans/components/plan-form';
import { PlansTable } from '../../../features/plans/components/plans-table';

/** /admin/subscriptions: the form to add or edit a plan and the table of plans. */
export default function SubscriptionManagerPage() {
  const { enqueueSnackbar } = useSnackbar();
  const plans = useSubscriptionPlans();
  const removal = useDeletePlan();
  const [editing, setEditing] = useState<PlanDto | null>(null);
  const [deleting, setDeleting] = useState<PlanDto | null>(null);

  useEffect(() => {
    if (plans.error) enqueueSnackbar(errorMessage(plans.error, 'Failed to load subscription plans.'), { variant: 'error' });
  }, [plans.error, enqueueSnackbar]);

  const confirmDelete = () => {
    if (!deleting) return;
    removal.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(PLAN_DELETED_MESSAGE, { variant: 'success' });
        if (editing?.id === deleting.id) setEditing(null);
        setDeleting(null);
      },
      // A refusal (members still on the plan) closes the dialog too: the toast says why and what to do.
      onError: (error) => {
        enqueueSnackbar(errorMessage(error, 'Failed to delete plan.'), { variant: 'error' });
        setDeleting(null);
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Subscription Plans
      </Typography>
      <PlanForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <Paper variant="outlined" component="section" aria-label="Plans" sx={{ p: { xs: 1, md: 2 } }}>
        <PlansTable
          plans={plans.data ?? []}
          loading={plans.isFetching}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </Paper>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete subscription plan"
        question="Are you sure you want to delete this subscription plan? This action cannot be undone."
        subject={deleting?.name}
        confirmLabel="Delete"
        busy={removal.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
