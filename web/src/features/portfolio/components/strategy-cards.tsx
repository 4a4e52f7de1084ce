import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ColourSwatch } from './portfolio-breakdown';
import { percent, usdc, visibleGroups } from './figures';

/** One card per visible strategy group: its name and colour, share, value and description. */
export function StrategyCards({ breakdown }: { breakdown: PortfolioPerformanceResponse['breakdown'] }) {
  const groups = visibleGroups(breakdown);
  return (
    <Box component="section" aria-label="Strategy Breakdown" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        Strategy Breakdown
      </Typography>
      {groups.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nothing is held yet.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {groups.map((group) => (
            <Card key={group.name} component="article" aria-label={group.displayName} variant="outlined" sx={{ borderTop: 4, borderTopColor: group.color }}>
              <CardContent sx={{ display: 'grid', gap: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <ColourSwatch colour={group.color} />
                  <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{group.displayName}</Typography>
                  <Typography sx={{ fontWeight: 700 }}>{percent(group.percentage)}</Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, Math.max(0, group.percentage))}
                  aria-label={`${group.displayName} share`}
                  sx={{ '& .MuiLinearProgress-bar': { bgcolor: group.color } }}
                />
                <Typography variant="body2">{usdc(group.value)}</Typography>
                {group.description !== '' && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {group.description}
                  </Typography>
                )}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
