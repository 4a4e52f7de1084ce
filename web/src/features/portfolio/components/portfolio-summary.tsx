import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { DEVELOPMENT_CHAIN_ID } from '@concierge/contracts/portfolio/dto';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { percent, RISK_LEVEL_COLOURS, RISK_LEVEL_LABELS, riskScore, signedUsdc, UNKNOWN, usdc } from './figures';

/** The label of valuations on `npm run demo`'s chain, whose prices a simulator moves. */
export const SIMULATED_MARKET_LABEL = 'Simulated market (development chain)';

/** Summary: risk level and score, total value, 24h and weekly change (percent and dollars), current APY; the simulated-market label on the development chain. */
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
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2">
            Summary
          </Typography>
          {figures.chainId === DEVELOPMENT_CHAIN_ID && <Chip size="small" color="warning" variant="outlined" label={SIMULATED_MARKET_LABEL} />}
        </Box>
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
