import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowIdGetter,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { formatDate } from '../lib/format';
import { GridListPagination } from './grid-list-pagination';
import { GridNumberedPagination } from './numbered-pagination';

/** The column of the phone card; below the table's breakpoint it is the only one shown. */
const PHONE_CARD = '__phoneCard';

/** Server-side paging: the page (1-based) the URL asks for and the exact total the API counts. */
export type ServerPagination = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Page sizes a member may choose (default pager); without it the admin list pager is used. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** With `pageSizeOptions`: first, previous, five page numbers, next and last instead of the grid's arrows. */
  numbered?: boolean;
};

type DataTableProps<Row extends GridValidRowModel> = {
  /** The grid's accessible name, e.g. "Users". */
  label: string;
  rows: readonly Row[];
  /** The columns on screens from `md` up. */
  columns: readonly GridColDef<Row>[];
  /** A row on a phone: one card, since several columns never fit 390px without scrolling sideways. */
  phoneCard: (row: Row) => ReactNode;
  /** Shown in place of the rows when there are none. */
  emptyText: ReactNode;
  /** A refetch on its way: the current rows stay, under a progress bar. */
  refreshing?: boolean;
  /** Without it the table has no footer (the dashboard's short lists). */
  pagination?: ServerPagination;
  /** The filters the API applied, so the grid's state says what the rows are (it never filters them itself). */
  filterModel?: GridFilterModel;
  /** A row's key when its `id` alone is not unique. */
  getRowId?: GridRowIdGetter<Row>;
  /** Below this breakpoint rows are cards: `md` (phones) unless the columns need a wider screen. */
  cardsBelow?: 'md' | 'lg';
};

/**
 * The grid's view of a list's status select and search box (the API filters): a status item on the
 * `status` column and the search as the quick-filter value.
 */
export function serverFilterModel(filters: { status: string; search: string }): GridFilterModel {
  return {
    items: filters.status === '' ? [] : [{ id: 'status', field: 'status', operator: 'equals', value: filters.status }],
    quickFilterValues: filters.search === '' ? [] : [filters.search],
  };
}

/** A column of dates ("Nov 24, 2026") that never wrap. */
export function dateColumn<Row extends GridValidRowModel>(field: string, headerName: string): GridColDef<Row> {
  return {
    field,
    headerName,
    width: 120,
    valueFormatter: (value: string) => formatDate(value),
    renderCell: ({ formattedValue }) => <Box sx={{ whiteSpace: 'nowrap' }}>{String(formattedValue)}</Box>,
  };
}

function EmptyOverlay({ children }: { children?: ReactNode }) {
  return <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}>{children}</Box>;
}

/**
 * Every data table of the SPA: a MUI X DataGrid whose paging and filtering the API does. No list
 * endpoint takes a sort order (each answers newest first), so columns do not sort. Rows take the
 * height of their content; the lists hold a page of at most 50 rows, so nothing is virtualized.
 */
export function DataTable<Row extends GridValidRowModel>({
  label,
  rows,
  columns,
  phoneCard,
  emptyText,
  refreshing = false,
  pagination,
  filterModel,
  getRowId,
  cardsBelow = 'md',
}: DataTableProps<Row>) {
  const phone = useMediaQuery(useTheme().breakpoints.down(cardsBelow));
  const cardColumn: GridColDef<Row> = {
    field: PHONE_CARD,
    headerName: label,
    flex: 1,
    renderCell: ({ row }) => phoneCard(row),
  };
  const visibility: GridColumnVisibilityModel = { [PHONE_CARD]: phone };
  for (const column of columns) visibility[column.field] = !phone;
  const paginationModel: GridPaginationModel | undefined = pagination && { page: pagination.page - 1, pageSize: pagination.pageSize };
  const onPaginationModelChange = (next: GridPaginationModel) => {
    if (!pagination) return;
    if (next.pageSize !== pagination.pageSize) pagination.onPageSizeChange?.(next.pageSize);
    else if (next.page + 1 !== pagination.page) pagination.onPageChange(next.page + 1);
  };
  const adminPager = pagination !== undefined && pagination.pageSizeOptions === undefined;
  const numberedPager = pagination?.pageSizeOptions !== undefined && pagination.numbered === true;
  const pagerSlot = adminPager ? { pagination: GridListPagination } : numberedPager ? { pagination: GridNumberedPagination } : {};
  const pagerProps = adminPager
    ? {}
    : numberedPager
      ? { pageSizeOptions: pagination.pageSizeOptions }
      : { labelRowsPerPage: phone ? 'Rows' : 'Rows per page' };

  return (
    <DataGrid
      aria-label={label}
      // The grid writes its CSS variables in a <style> of its own: it needs the page's CSP nonce too.
      nonce={window.__nonce__}
      rows={rows}
      getRowId={getRowId}
      columns={[...columns, cardColumn]}
      columnVisibilityModel={visibility}
      getRowHeight={() => 'auto'}
      // A phone shows one card per row and no header row; the grid lays out rows below a header of this height.
      columnHeaderHeight={phone ? 0 : 40}
      autoHeight
      disableVirtualization
      disableColumnMenu
      disableColumnSorting
      disableColumnFilter
      disableColumnResize
      disableColumnSelector
      disableRowSelectionOnClick
      density="compact"
      sortingMode="server"
      filterMode="server"
      filterModel={filterModel}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      rowCount={pagination?.total ?? rows.length}
      pageSizeOptions={pagination?.pageSizeOptions ?? (pagination ? [pagination.pageSize] : undefined)}
      hideFooter={!pagination || rows.length === 0}
      loading={refreshing}
      slots={{ noRowsOverlay: EmptyOverlay, ...pagerSlot }}
      slotProps={{
        noRowsOverlay: { children: emptyText },
        loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' },
        pagination: pagerProps,
      }}
      sx={{
        border: 'none',
        ...(phone && { '& .MuiDataGrid-topContainer': { display: 'none' } }),
        // Columns do not resize, and the last separator would stick out of the grid.
        '& .MuiDataGrid-columnSeparator': { display: 'none' },
        '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { fontSize: '0.875rem' },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minWidth: 0 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 500 },
        // The grid's pager hides the page-size select on phones; members keep it there ("Rows").
        '& .MuiTablePagination-root .MuiTablePagination-selectLabel': { display: 'block' },
        '& .MuiTablePagination-root .MuiTablePagination-input': { display: 'inline-flex' },
      }}
    />
  );
}
