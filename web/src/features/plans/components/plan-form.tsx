import { useSnackbar } from 'notistack';
import { useScrollIntoView } from '../../../hooks/use-scroll-into-view';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlanDto } from '@concierge/contracts';
import { PLAN_FORM_INVALID, PLAN_SAVED_MESSAGE, SavePlanRequest } from '@concierge/contracts/subscriptions/dto';
import { errorMessage } from '../../../lib/api-client';
import { editorSubmit } from '../../../components/form/editor-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSavePlan } from '../api/save-plan';

type PlanFormProps = {
  /** The plan being edited, or null to add one. The page remounts the form (a `key`) when it changes. */
  editing: PlanDto | null;
  /** After a save, and on Cancel: the page leaves edit mode. */
  onDone: () => void;
};

const blankPlan = { name: '', feePercentage: '', description: '', isActive: true };

function draftOf(plan: PlanDto | null) {
  if (plan === null) return blankPlan;
  return { name: plan.name, feePercentage: String(plan.feePercentage), description: plan.description, isActive: plan.isActive };
}

/** Add a subscription plan, or edit one (the same form, filled, with Cancel). */
export function PlanForm({ editing, onDone }: PlanFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const saving = useSavePlan();
  const form = useZodForm(SavePlanRequest, draftOf(editing));
  const isActive = form.watch('isActive') ?? true;
  const sectionRef = useScrollIntoView<HTMLElement>(editing !== null);

  const submit = editorSubmit(
    form,
    saving,
    { saved: PLAN_SAVED_MESSAGE, invalid: PLAN_FORM_INVALID, failed: (error) => errorMessage(error, 'Failed to save subscription plan.') },
    (plan) => ({ id: editing?.id, plan }),
    { blank: blankPlan, onDone, toast: (message, variant) => enqueueSnackbar(message, { variant }) },
  );

  const title = editing ? 'Edit Subscription Plan' : 'Add Subscription Plan';
  return (
    <Paper ref={sectionRef} variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Subscription plan"
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' } }}
      >
        <TextField size="small" label="Plan Name" required {...form.textField('name')} slotProps={{ htmlInput: { autoComplete: 'off' } }} />
        <TextField
          size="small"
          label="Fee Percentage"
          required
          {...form.textField('feePercentage')}
          // Text, not type="number": the percentage is sent exactly as typed (at most 2 decimals, no float).
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
        <TextField size="small" label="Description" multiline minRows={2} {...form.textField('description')} sx={{ gridColumn: '1 / -1' }} />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <FormControlLabel
            label="Active"
            control={<Switch checked={isActive} onChange={(event) => form.setValue('isActive', event.target.checked, { shouldDirty: true })} />}
            sx={{ mr: 'auto' }}
          />
          {editing && (
            <Button onClick={onDone} disabled={saving.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving.isPending} sx={{ whiteSpace: 'nowrap' }}>
            {editing ? 'Update Plan' : 'Create Plan'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
