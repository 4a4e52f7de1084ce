import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { isValued, percent, usdc, visibleGroups } from './figures';

/** A group's colour as a small square beside its name. */
export function ColourSwatch({ colour }: { colour: string }) {
  return <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, flexShrink: 0, bgcolor: colour }} />;
}

/** The diversification score out of 100 and its label; "—" before the first valuation. */
export function Diversification({ diversification }: { diversification: PortfolioPerformanceResponse['diversification'] | null }) {
  const score = diversification?.score ?? null;
  return (
    <Box aria-label="Diversification" role="group" sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Diversification score
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {score === null ? '—' : `${score}/100`}
          {diversification?.label ? ` · ${diversification.label}` : ''}
        </Typography>
      </Box>
      {score !== null && <LinearProgress variant="determinate" value={score} aria-label="Diversification score" />}
    </Box>
  );
}

/** Portfolio Breakdown: each visible strategy group with its colour, share and value, and the diversification score. */
export function PortfolioBreakdown({ figures }: { figures: PortfolioPerformanceResponse | null }) {
  const valued = isValued(figures) ? figures : null;
  const groups = valued ? visibleGroups(valued.breakdown) : [];
  return (
    <Card component="section" aria-label="Portfolio Breakdown">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Portfolio Breakdown
        </Typography>
        {groups.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            {valued ? 'Nothing is held yet.' : 'The breakdown appears once your portfolio has been valued.'}
          </Typography>
        ) : (
          <List disablePadding aria-label="Strategy groups">
            {groups.map((group) => (
              <ListItem key={group.name} divider disableGutters sx={{ gap: 1.5 }}>
                <ColourSwatch colour={group.color} />
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{group.displayName}</Typography>
                <Box sx={{ textAlign: 'right' }}>
                  <Typography sx={{ fontWeight: 600 }}>{percent(group.percentage)}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {usdc(group.value)}
                  </Typography>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
        <Diversification diversification={valued?.diversification ?? null} />
      </CardContent>
    </Card>
  );
}
