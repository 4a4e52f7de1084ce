import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { pageCount, pageWindow, showingText } from './pagination';

type ListPaginationProps = {
  page: number;
  pageSize: number;
  /** The exact number of matching rows, as the API reports it. */
  total: number;
  onPageChange: (page: number) => void;
};

/** "Showing X to Y of Z results", Previous, at most five page numbers, Next (the admin lists). */
export function ListPagination({ page, pageSize, total, onPageChange }: ListPaginationProps) {
  const pages = pageCount(total, pageSize);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        px: 2,
        py: 1.5,
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {showingText(page, pageSize, total)}
      </Typography>
      <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 0.5 }}>
        <Button size="small" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pages).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'text'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPageChange(number)}
            sx={{ minWidth: 36 }}
          >
            {number}
          </Button>
        ))}
        <Button size="small" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
