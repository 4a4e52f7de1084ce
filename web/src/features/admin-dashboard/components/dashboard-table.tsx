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
import { WIDE_HEAD, WIDE_ONLY } from '../../../lib/phone-table';

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
          <TableHead sx={WIDE_HEAD}>
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
