import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { DataTable } from './data-table';

type DashboardTableProps<Row extends GridValidRowModel> = {
  title: string;
  rows: readonly Row[];
  columns: readonly GridColDef<Row>[];
  phoneCard: (row: Row) => ReactNode;
  /** Where "View all" leads. */
  viewAllTo: string;
  loading: boolean;
  emptyText: string;
};

/** A titled card holding one of the dashboard's "recent pending" tables; "View all" pages through the rest. */
export function DashboardTable<Row extends GridValidRowModel>({ title, rows, columns, phoneCard, viewAllTo, loading, emptyText }: DashboardTableProps<Row>) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.25rem' } }}>
          {title}
        </Typography>
        <Button size="small" component={RouterLink} to={viewAllTo} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          View all
        </Button>
      </Box>
      {loading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={`Loading ${title}`} />
        </Box>
      ) : (
        <DataTable label={title} rows={rows} columns={columns} phoneCard={phoneCard} emptyText={emptyText} />
      )}
    </Paper>
  );
}
