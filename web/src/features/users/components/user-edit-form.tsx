import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { UserDto, UserRole, UserStatus } from '@concierge/contracts';
import type { UserChanges } from '../api/update-user';
import type { PlanOption } from './plan-options';

type Option<T extends string> = { value: T; label: string };

// Listed here rather than imported from contracts, whose runtime part would bring zod into the bundle.
const STATUS_OPTIONS: Option<UserStatus>[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
];

const ROLE_OPTIONS: Option<UserRole>[] = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
  { value: 'auditor', label: 'Auditor' },
];

/** A small select of fixed options; a value that is not one of them keeps `fallback`. */
function OptionSelect<T extends string>({ label, value, options, fallback, onChange }: { label: string; value: T; options: readonly Option<T>[]; fallback: T; onChange: (value: T) => void }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value ?? fallback)}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

type UserEditFormProps = {
  user: UserDto;
  /** The id of the plan the member is on now (the default plan's id when they have none of their own). */
  currentPlan: string;
  planOptions: PlanOption[];
  /** Set when plans cannot be chosen (still loading, not built yet, failed); disables the select. */
  planHint: string | undefined;
  saving: boolean;
  onSave: (changes: UserChanges) => void;
};

/** Status, role and plan of one user; Save sends only what changed. */
export function UserEditForm({ user, currentPlan, planOptions, planHint, saving, onSave }: UserEditFormProps) {
  const [status, setStatus] = useState<UserStatus>(user.status);
  const [role, setRole] = useState<UserRole>(user.role);
  const [plan, setPlan] = useState(currentPlan);

  const changes: UserChanges = {};
  if (status !== user.status) changes.status = status;
  if (role !== user.role) changes.role = role;
  if (plan !== currentPlan) changes.subscriptionPlan = plan;
  const changed = Object.keys(changes).length > 0;

  return (
    <Box
      component="form"
      aria-label="Edit user"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(changes);
      }}
      sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr) auto' } }}
    >
      <OptionSelect label="Status" value={status} options={STATUS_OPTIONS} fallback={user.status} onChange={setStatus} />
      <OptionSelect label="Role" value={role} options={ROLE_OPTIONS} fallback={user.role} onChange={setRole} />
      <TextField
        select
        size="small"
        label="Subscription Plan"
        value={plan}
        disabled={planHint !== undefined}
        helperText={planHint}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => setPlan(event.target.value)}
      >
        {planOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={!changed || saving} sx={{ height: 40, whiteSpace: 'nowrap' }}>
        Save Changes
      </Button>
    </Box>
  );
}
