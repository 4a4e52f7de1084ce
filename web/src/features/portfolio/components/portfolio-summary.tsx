import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { percent, RISK_LEVEL_COLOURS, RISK_LEVEL_LABELS, riskScore, signedUsdc, UNKNOWN, usdc } from './figures';

/** Summary: risk level and score, total value, 24h and weekly change (percent and dollars), current APY. */
export function PortfolioSummary({ figures }: { figures: PortfolioPerformanceResponse }) {
  const { performance: change, riskProfile } = figures;
  const level = riskProfile.level;
  const colour = level ? RISK_LEVEL_COLOURS[level] : undefined;
  const rows: { label: string; value: string; detail?: string; color?: string }[] = [
    { label: 'Total value', value: usdc(figures.totalValue) },
    { label: 'Risk level', value: level ? RISK_LEVEL_LABELS[level] : UNKNOWN, color: colour },
    { label: 'Risk score', value: riskScore(riskProfile.score), color: colour },
    { label: '24h change', value: percent(change.dailyChange, true), detail: signedUsdc(change.dailyChangeValue) },
    { label: 'Weekly change', value: percent(change.weeklyChange, true), detail: signedUsdc(change.weeklyChangeValue) },
    { label: 'Current APY', value: percent(change.apy) },
  ];
  return (
    <Card component="section" aria-label="Summary">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Summary
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' } }}>
          {rows.map((row) => (
            <Box key={row.label} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, color: row.color, overflowWrap: 'anywhere' }}>
                {row.value}
                {row.detail !== undefined && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
                    {row.detail}
                  </Typography>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
