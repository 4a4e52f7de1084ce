import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { STATUS_FILTER_OPTIONS, type StatusFilter, type WithdrawalListFilters } from '../use-withdrawal-list-filters';

type WithdrawalFiltersProps = {
  /** The applied filters; the form edits a draft of them until Apply. */
  initial: WithdrawalListFilters;
  onApply: (filters: WithdrawalListFilters) => void;
  onReset: () => void;
};

const SEARCH_PLACEHOLDER = 'Search by user or address';

/** Status select and search box; applied with Apply or Enter in the search box. */
export function WithdrawalFilters({ initial, onApply, onReset }: WithdrawalFiltersProps) {
  const [status, setStatus] = useState<StatusFilter>(initial.status);
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
        // '' is the All option: show it as a value rather than as an empty field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => setStatus(STATUS_FILTER_OPTIONS.find((option) => option.value === event.target.value)?.value ?? '')}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        {STATUS_FILTER_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        placeholder={SEARCH_PLACEHOLDER}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        slotProps={{
          htmlInput: { 'aria-label': SEARCH_PLACEHOLDER },
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
        Apply
      </Button>
      <Button variant="outlined" onClick={onReset}>
        Reset
      </Button>
    </Paper>
  );
}
