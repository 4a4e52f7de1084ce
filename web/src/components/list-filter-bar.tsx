import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { toStatus, type ListFilters, type StatusOf, type StatusOption } from '../hooks/use-list-filters';

type ListFilterBarProps<Options extends readonly StatusOption[]> = {
  /** The status select's choices, the '' (all) one included. */
  options: Options;
  /** The applied filters; the form edits a draft of them until applied. */
  initial: ListFilters<StatusOf<Options> | ''>;
  onApply: (filters: ListFilters<StatusOf<Options> | ''>) => void;
  onReset: () => void;
  /** The search box's placeholder and accessible name, e.g. "Search by name or email". */
  searchLabel: string;
  /** The apply button's text. */
  applyLabel: string;
};

/** Status select, search box, apply and Reset above an admin list; Enter in the search box applies too. */
export function ListFilterBar<Options extends readonly StatusOption[]>({
  options,
  initial,
  onApply,
  onReset,
  searchLabel,
  applyLabel,
}: ListFilterBarProps<Options>) {
  const [status, setStatus] = useState(initial.status);
  const [search, setSearch] = useState(initial.search);
  const apply = () => onApply({ status, search });

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr 1fr', md: '200px 1fr auto auto' } }}
    >
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        // '' is the all-statuses option: show it as a value rather than as an empty field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => setStatus(toStatus(options, event.target.value))}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        placeholder={searchLabel}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        slotProps={{
          htmlInput: { 'aria-label': searchLabel },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <Button variant="contained" onClick={apply}>
        {applyLabel}
      </Button>
      <Button variant="outlined" onClick={onReset}>
        Reset
      </Button>
    </Paper>
  );
}
