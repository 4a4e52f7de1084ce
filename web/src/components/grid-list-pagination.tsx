import Box from '@mui/material/Box';
import { gridPaginationModelSelector, gridPaginationRowCountSelector, useGridApiContext, useGridSelector } from '@mui/x-data-grid';
import { ListPagination } from './list-pagination';

/**
 * The DataGrid's pagination slot for the admin lists: the grid's page (0-based) and the API's
 * exact row count, shown as "Showing X to Y of Z results" with at most five page numbers.
 */
export function GridListPagination() {
  const apiRef = useGridApiContext();
  const { page, pageSize } = useGridSelector(apiRef, gridPaginationModelSelector);
  const total = useGridSelector(apiRef, gridPaginationRowCountSelector);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <ListPagination page={page + 1} pageSize={pageSize} total={total} onPageChange={(next) => apiRef.current?.setPage(next - 1)} />
    </Box>
  );
}
