import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';

/** A header cell; `wide` ones are hidden on phones, where their content moves into the first column. */
export type Column = { label: string; wide?: boolean; align?: 'right' };

type DashboardTableProps = {
  title: string;
  columns: Column[];
  /** Where "View all" leads. */
  viewAllTo: string;
  loading: boolean;
  emptyText: string;
  /** The rows; an empty list shows `emptyText`. */
  children: ReactNode[];
};

/** Hides a column on phones. */
export const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * On phones a row becomes a small grid card: the visible cells side by side, the first taking the
 * free width; a cell marked with `phoneFullWidth` gets a line of its own.
 */
export const phoneRow = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: theme.spacing(1),
    padding: theme.spacing(1, 0),
    borderBottom: `1px solid ${theme.palette.divider}`,
    '& > td': { borderBottom: 'none', paddingTop: theme.spacing(0.5), paddingBottom: theme.spacing(0.5) },
  },
});

export const phoneFullWidth = (theme: Theme) => ({ [theme.breakpoints.down('md')]: { gridColumn: '1 / -1' } });

/** A titled card holding one of the dashboard's "recent pending" tables. */
export function DashboardTable({ title, columns, viewAllTo, loading, emptyText, children }: DashboardTableProps) {
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
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead sx={{ display: { xs: 'none', md: 'table-header-group' } }}>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align} sx={column.wide ? WIDE_ONLY : undefined}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                  <CircularProgress size={28} aria-label={`Loading ${title}`} />
                </TableCell>
              </TableRow>
            ) : children.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              children
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
