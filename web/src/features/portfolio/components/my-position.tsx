import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isValued, percent, RISK_LEVEL_COLOURS, RISK_LEVEL_LABELS, riskScore, UNKNOWN, usdc } from './figures';

type MyPositionProps = {
  totalValue: number | null;
  /** Null until the first portfolio valuation: the figures then show "—". */
  performance: PortfolioPerformanceResponse | null;
  onDeposit: () => void;
  onWithdraw: () => void;
};

/** My Position: risk, value and its changes, APY, with the Deposit and Withdraw buttons. */
export function MyPosition({ totalValue, performance, onDeposit, onWithdraw }: MyPositionProps) {
  const valued = isValued(performance) ? performance : null;
  const figures = valued?.performance;
  const level = valued?.riskProfile.level ?? null;
  const levelColour = level ? RISK_LEVEL_COLOURS[level] : undefined;
  const rows: { label: string; value: string; color?: string }[] = [
    { label: 'Risk level', value: level ? RISK_LEVEL_LABELS[level] : UNKNOWN, color: levelColour },
    { label: 'Risk score', value: riskScore(valued?.riskProfile.score), color: levelColour },
    { label: 'Total value', value: usdc(totalValue) },
    { label: '24h change', value: percent(figures?.dailyChange, true) },
    { label: '7d change', value: percent(figures?.weeklyChange, true) },
    { label: '30d change', value: percent(figures?.monthlyChange, true) },
    { label: 'Current APY', value: percent(figures?.apy) },
  ];

  return (
    <Card component="section" aria-label="My Position">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            My Position
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={onDeposit} sx={{ flex: { xs: 1, sm: 'none' } }}>
              Deposit
            </Button>
            <Button variant="outlined" onClick={onWithdraw} sx={{ flex: { xs: 1, sm: 'none' } }}>
              Withdraw
            </Button>
          </Stack>
        </Stack>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {rows.map((row) => (
            <Box key={row.label} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, color: row.color, overflowWrap: 'anywhere' }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
        {valued === null && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            Risk, changes and APY appear once your portfolio has been valued.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
