import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { formatAmount } from '../../../lib/format';
import { usdc } from './figures';

type Range = '7d' | '30d' | 'all';

const RANGE_DAYS: Record<Exclude<Range, 'all'>, number> = { '7d': 7, '30d': 30 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The points of the last 7 or 30 days before the latest one, or all of them. */
export function seriesInRange(series: PortfolioPerformanceResponse['series'], range: Range): { at: Date; value: number }[] {
  const points = series.map((point) => ({ at: new Date(point.at), value: point.value })).filter((point) => !Number.isNaN(point.at.getTime()));
  const last = points.at(-1);
  if (range === 'all' || last === undefined) return points;
  const from = last.at.getTime() - RANGE_DAYS[range] * DAY_MS;
  return points.filter((point) => point.at.getTime() >= from);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Value history: the portfolio's value over 7 days, 30 days or its whole history. */
export function ValueHistoryChart({ series }: { series: PortfolioPerformanceResponse['series'] }) {
  const colour = useTheme().palette.primary.main;
  const [range, setRange] = useState<Range>('30d');
  const points = seriesInRange(series, range);

  return (
    <Card component="section" aria-label="Value History">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Value History
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            onChange={(_event, next: Range | null) => next && setRange(next)}
            aria-label="Period"
          >
            <ToggleButton value="7d">7d</ToggleButton>
            <ToggleButton value="30d">30d</ToggleButton>
            <ToggleButton value="all">All</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {points.length < 2 ? (
          <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
            The chart appears once your portfolio has a history: its value is kept hour by hour.
          </Typography>
        ) : (
          <figure aria-label={`Value history, ${range === 'all' ? 'all time' : `last ${range}`}: from ${usdc(points[0]?.value)} to ${usdc(points.at(-1)?.value)}`} style={{ margin: 0 }}>
            <LineChart
              height={260}
              hideLegend
              xAxis={[{ data: points.map((point) => point.at), scaleType: 'time', valueFormatter: (date: Date) => dayFormat.format(date) }]}
              yAxis={[{ valueFormatter: (value: number) => formatAmount(value), width: 70 }]}
              series={[{ data: points.map((point) => point.value), area: true, showMark: false, color: colour, valueFormatter: (value) => usdc(value) }]}
              sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.12 } }}
            />
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
