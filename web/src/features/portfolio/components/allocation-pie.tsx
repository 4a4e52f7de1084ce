import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import { percent, usdc, visibleGroups } from './figures';

/** Asset allocation: the visible strategy groups as a pie, in their colours, with a legend. */
export function AllocationPie({ breakdown }: { breakdown: PortfolioPerformanceResponse['breakdown'] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const groups = visibleGroups(breakdown);
  const data = groups.map((group) => ({
    id: group.name,
    value: group.value,
    label: `${group.displayName} ${percent(group.percentage)}`,
    color: group.color,
  }));
  const summary = groups.map((group) => `${group.displayName} ${percent(group.percentage)}`).join(', ');

  return (
    <Card component="section" aria-label="Asset Allocation">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Asset Allocation
        </Typography>
        {data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>Nothing is held yet.</Typography>
        ) : (
          <figure aria-label={`Asset allocation: ${summary}`} style={{ margin: 0 }}>
            <PieChart
              height={phone ? 250 : 260}
              series={[{ data, innerRadius: '45%', paddingAngle: 1, cornerRadius: 3, valueFormatter: (item) => usdc(item.value) }]}
              slotProps={{
                legend: phone
                  ? { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } }
                  : { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } },
              }}
            />
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
