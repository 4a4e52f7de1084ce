import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  gridPageSizeSelector,
  gridPaginationModelSelector,
  gridPaginationRowCountSelector,
  useGridApiContext,
  useGridSelector,
} from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { pageCount, pageWindow, showingText } from './pagination';

type NumberedPaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

function Arrow({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
}

/** A page-size select, then First, Previous, at most five page numbers, Next and Last. */
export function NumberedPagination({ page, pageSize, total, pageSizeOptions, onPageChange, onPageSizeChange }: NumberedPaginationProps) {
  const pages = pageCount(total, pageSize);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        px: { xs: 1, sm: 2 },
        py: 1.5,
        width: '100%',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Rows per page"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          sx={{ width: 130 }}
        >
          {pageSizeOptions.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {showingText(page, pageSize, total)}
        </Typography>
      </Box>
      <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 0.25 }}>
        <Arrow label="First page" disabled={page <= 1} onClick={() => onPageChange(1)}>
          <FirstPageIcon fontSize="small" />
        </Arrow>
        <Arrow label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <KeyboardArrowLeft fontSize="small" />
        </Arrow>
        {pageWindow(page, pages).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'text'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPageChange(number)}
            sx={{ minWidth: 32, px: 0.5 }}
          >
            {number}
          </Button>
        ))}
        <Arrow label="Next page" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          <KeyboardArrowRight fontSize="small" />
        </Arrow>
        <Arrow label="Last page" disabled={page >= pages} onClick={() => onPageChange(pages)}>
          <LastPageIcon fontSize="small" />
        </Arrow>
      </Box>
    </Box>
  );
}

/** The DataGrid's pagination slot for NumberedPagination: the grid's page (0-based), size and row count. */
export function GridNumberedPagination({ pageSizeOptions }: { pageSizeOptions?: readonly number[] }) {
  const apiRef = useGridApiContext();
  const { page } = useGridSelector(apiRef, gridPaginationModelSelector);
  const pageSize = useGridSelector(apiRef, gridPageSizeSelector);
  const total = useGridSelector(apiRef, gridPaginationRowCountSelector);
  return (
    <NumberedPagination
      page={page + 1}
      pageSize={pageSize}
      total={total}
      pageSizeOptions={pageSizeOptions ?? [pageSize]}
      onPageChange={(next) => apiRef.current?.setPage(next - 1)}
      onPageSizeChange={(next) => apiRef.current?.setPageSize(next)}
    />
  );
}
