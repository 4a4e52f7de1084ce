import type { PortfolioHoldingDto, PortfolioPerformanceResponse } from '@concierge/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { formatAmount } from '../../../lib/format';
import { assetsCsv, downloadCsv } from './assets-csv';
import { strategyName, usdc } from './figures';

/** Page sizes of Your Assets; the first is the default. */
export const ASSET_PAGE_SIZES = [5, 10, 25, 50] as const;

type AssetRow = PortfolioHoldingDto & { strategyLabel: string };

const STALE_HINT = 'Price older than its feed’s heartbeat when valued';

/** A price, with a warning mark when it was stale at the valuation. */
function Price({ row }: { row: AssetRow }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      ${formatAmount(row.price)}
      {row.stale && (
        <Tooltip title={STALE_HINT} describeChild>
          <WarningAmberOutlined titleAccess="Stale price" fontSize="small" sx={{ color: 'warning.main' }} />
        </Tooltip>
      )}
    </Box>
  );
}

const columns: GridColDef<AssetRow>[] = [
  {
    field: 'name',
    headerName: 'Asset',
    flex: 1.4,
    minWidth: 160,
    renderCell: ({ row }) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {row.symbol}
        </Typography>
      </Box>
    ),
  },
  { field: 'balance', headerName: 'Balance', headerAlign: 'right', align: 'right', flex: 1, minWidth: 120, valueFormatter: (value: number) => formatAmount(value) },
  { field: 'price', headerName: 'Price', headerAlign: 'right', align: 'right', flex: 1, minWidth: 120, renderCell: ({ row }) => <Price row={row} /> },
  { field: 'value', headerName: 'Value', headerAlign: 'right', align: 'right', flex: 1, minWidth: 140, valueFormatter: (value: number) => usdc(value) },
  { field: 'strategyLabel', headerName: 'Strategy', flex: 1, minWidth: 130 },
];

/** One asset on a phone: name and value, then balance at price, and the strategy. */
function AssetCard({ row }: { row: AssetRow }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 0.5, width: '100%' }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.name} ({row.symbol})
      </Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right', whiteSpace: 'nowrap' }}>{usdc(row.value)}</Typography>
      <Typography variant="body2" component="div" sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 0.5 }}>
        {formatAmount(row.balance)} × <Price row={row} />
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'right' }}>
        {row.strategyLabel}
      </Typography>
    </Box>
  );
}

/** Your Assets: the holdings a page at a time (5, 10, 25 or 50), and Export CSV of them all. */
export function AssetsTable({ figures }: { figures: Pick<PortfolioPerformanceResponse, 'holdings' | 'breakdown'> }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(ASSET_PAGE_SIZES[0]);
  const rows: AssetRow[] = figures.holdings.map((holding) => ({ ...holding, strategyLabel: strategyName(figures.breakdown, holding.strategy) }));
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);

  return (
    <Card component="section" aria-label="Your Assets">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', px: 2, pt: 2, pb: 1 }}>
        <Typography variant="h6" component="h2">
          Your Assets
        </Typography>
        <Button variant="outlined" size="small" startIcon={<FileDownloadOutlined />} disabled={rows.length === 0} onClick={() => downloadCsv(assetsCsv(figures))}>
          Export CSV
        </Button>
      </Box>
      <DataTable
        label="Assets"
        rows={shown}
        getRowId={(row) => row.symbol}
        columns={columns}
        phoneCard={(row) => <AssetCard row={row} />}
        emptyText="No assets held yet."
        pagination={{
          page,
          pageSize,
          total: rows.length,
          onPageChange: setPage,
          pageSizeOptions: ASSET_PAGE_SIZES,
          onPageSizeChange: (next) => {
            setPageSize(next);
            setPage(1);
          },
          numbered: true,
        }}
      />
    </Card>
  );
}
