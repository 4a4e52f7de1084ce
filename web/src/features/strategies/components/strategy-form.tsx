import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RiskLevel, StrategyGroupDto } from '@concierge/contracts';
import { SaveStrategyFields, STRATEGY_FORM_INVALID, STRATEGY_SAVED_MESSAGE } from '@concierge/contracts/strategies/dto';
import { RISK_LEVEL_COLOURS, riskLevelForWeight } from '@concierge/contracts/strategies/fields';
import { errorMessage } from '../../../lib/api-client';
import { editorSubmit } from '../../../components/form/editor-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useScrollIntoView } from '../../../hooks/use-scroll-into-view';
import { useSaveStrategy } from '../api/save-strategy';
import { colourInputValue, RISK_LEVEL_LABELS } from './risk-level';

type StrategyFormProps = {
  /** The group being edited, or null to add one. The page remounts the form (a `key`) when it changes. */
  editing: StrategyGroupDto | null;
  /** After a save, and on Cancel: the page leaves edit mode. */
  onDone: () => void;
};

/** '' in the select: the level follows the risk weight. */
const FOLLOW_WEIGHT = '';

const blankStrategy = { name: '', displayName: '', description: '', color: '', riskLevel: FOLLOW_WEIGHT, riskWeight: '', tokenSymbols: '' };

function draftOf(group: StrategyGroupDto | null) {
  if (group === null) return blankStrategy;
  return {
    name: group.name,
    displayName: group.displayName,
    description: group.description,
    color: group.color,
    riskLevel: group.riskLevel,
    riskWeight: String(group.riskWeight),
    tokenSymbols: group.tokenSymbols.join(', '),
  };
}

/** The level the group will have: the chosen one, else the weight's (while the weight reads as one). */
function levelShown(chosen: string | null | undefined, weight: string | number | undefined): RiskLevel | undefined {
  if (chosen === 'conservative' || chosen === 'moderate' || chosen === 'aggressive') return chosen;
  const value = Number(weight);
  return String(weight ?? '').trim() === '' || Number.isNaN(value) ? undefined : riskLevelForWeight(Math.min(Math.max(value, 0), 1));
}

/** Add a strategy group, or edit one (the same form, filled, with Cancel). */
export function StrategyForm({ editing, onDone }: StrategyFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const saving = useSaveStrategy();
  const form = useZodForm(SaveStrategyFields, draftOf(editing));
  const sectionRef = useScrollIntoView<HTMLElement>(editing !== null);
  const level = levelShown(form.watch('riskLevel'), form.watch('riskWeight'));
  const colourField = form.textField('color');
  const swatch = colourInputValue(form.watch('color'), level ? RISK_LEVEL_COLOURS[level] : '#94A3B8');

  const submit = editorSubmit(
    form,
    saving,
    { saved: STRATEGY_SAVED_MESSAGE, invalid: STRATEGY_FORM_INVALID, failed: (error) => errorMessage(error, 'Failed to save strategy group.') },
    (strategy) => ({ id: editing?.id, strategy }),
    { blank: blankStrategy, onDone, toast: (message, variant) => enqueueSnackbar(message, { variant }) },
  );

  const title = editing ? 'Edit Strategy Group' : 'Add Strategy Group';
  return (
    <Paper ref={sectionRef} variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Strategy group"
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <TextField size="small" label="Name" required {...form.textField('name')} slotProps={{ htmlInput: { autoComplete: 'off' } }} />
        <TextField size="small" label="Display Name" {...form.textField('displayName')} slotProps={{ htmlInput: { autoComplete: 'off' } }} />
        <TextField
          size="small"
          label="Colour"
          {...colourField}
          helperText={colourField.helperText ?? (form.watch('color') ? undefined : 'Blank: the risk level’s colour')}
          slotProps={{
            htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label="Pick a colour"
                    value={swatch}
                    onChange={(event) =>
                      form.setValue('color', event.target.value.toUpperCase(), { shouldDirty: true, shouldTouch: true })
                    }
                    sx={{ width: 28, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          size="small"
          select
          label="Risk Level"
          {...form.textField('riskLevel')}
          helperText={form.shownError('riskLevel') ?? (form.watch('riskLevel') ? undefined : 'Follows the risk weight')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value={FOLLOW_WEIGHT}>{level ? `${RISK_LEVEL_LABELS[level]} (from the weight)` : 'From the risk weight'}</MenuItem>
          {(Object.keys(RISK_LEVEL_LABELS) as RiskLevel[]).map((value) => (
            <MenuItem key={value} value={value}>
              {RISK_LEVEL_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label="Risk Weight"
          required
          {...form.textField('riskWeight')}
          helperText={form.shownError('riskWeight') ?? 'From 0 to 1, in steps of 0.1'}
          slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1, inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          label="Token Symbols"
          required
          {...form.textField('tokenSymbols')}
          helperText={form.shownError('tokenSymbols') ?? 'Comma-separated, e.g. USDC, USDT, DAI'}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', autoCapitalize: 'characters' } }}
        />
        <TextField size="small" label="Description" multiline minRows={2} {...form.textField('description')} sx={{ gridColumn: '1 / -1' }} />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5 }}>
          {editing && (
            <Button onClick={onDone} disabled={saving.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving.isPending} sx={{ whiteSpace: 'nowrap' }}>
            {editing ? 'Update Strategy Group' : 'Create Strategy Group'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
