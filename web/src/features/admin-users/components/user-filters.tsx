import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { STATUS_FILTER_OPTIONS, type StatusFilter, type UserListFilters } from '../use-user-list-filters';

type UserFiltersProps = {
  /** The applied filters; the form edits a draft of them until Apply Filters. */
  initial: UserListFilters;
  onApply: (filters: UserListFilters) => void;
  onReset: () => void;
};

/** Status select and search box; applied with the button or Enter in the search box. */
export function UserFilters({ initial, onApply, onReset }: UserFiltersProps) {
  const [status, setStatus] = useState<StatusFilter>(initial.status);
  const [search, setSearch] = useState(initial.search);
  const apply = () => onApply({ status, search });

  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr 1fr', md: '200px 1fr auto auto' },
      }}
    >
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        // '' is the All Statuses option: show it as a value rather than as an empty field.
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
        placeholder="Search by name or email"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search by name or email' },
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
        Apply Filters
      </Button>
      <Button variant="outlined" onClick={onReset}>
        Reset
      </Button>
    </Paper>
  );
}
