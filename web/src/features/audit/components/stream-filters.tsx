import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';

export type StreamFilters = { category: string; search: string };

type StreamFilterBarProps = {
  initial: StreamFilters;
  /** Every category with its number of streams. */
  categories: Readonly<Record<string, number>>;
  onApply: (filters: StreamFilters) => void;
};

/** Category select (with counts), "stream id contains" search, Search and Reset; Enter searches too. */
export function StreamFilterBar({ initial, categories, onApply }: StreamFilterBarProps) {
  const [category, setCategory] = useState(initial.category);
  const [search, setSearch] = useState(initial.search);
  const names = Object.keys(categories).sort();
  if (category !== '' && !names.includes(category)) names.push(category);
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label="Filter streams"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ category, search: search.trim() });
      }}
      sx={{ p: 2, display: 'grid', gap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr 1fr', md: '240px 1fr auto auto' } }}
    >
      <TextField
        select
        size="small"
        label="Category"
        value={category}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => setCategory(event.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        <MenuItem value="">All categories</MenuItem>
        {names.map((name) => (
          <MenuItem key={name} value={name}>
            {name} ({categories[name] ?? 0})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label="Stream id contains"
        placeholder="account-, a member id, ..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
      <Button
        variant="outlined"
        onClick={() => {
          setCategory('');
          setSearch('');
          onApply({ category: '', search: '' });
        }}
      >
        Reset
      </Button>
    </Paper>
  );
}
