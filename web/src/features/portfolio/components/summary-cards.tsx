import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { StatIcon } from '../../../components/stat-card';
import { isValued, percent, signedUsdc, usdc } from './figures';

type Figure = { title: string; value: string; hint: ReactNode; icon: ReactNode; color: 'primary' | 'success' | 'info' };

function FigureCard({ title, value, hint, icon, color }: Figure) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <StatIcon color={color} size={44}>
          {icon}
        </StatIcon>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {title}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** "24h +1.00% · 7d … · 30d …" (or the dollar amounts), each window on its own when the card is narrow. */
function Changes({ label, items }: { label: string; items: readonly (readonly [string, string])[] }) {
  return (
    <Box component="span" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      {items.map(([window, text]) => (
        <span key={window}>
          {window} {text}
        </span>
      ))}
    </Box>
  );
}

type SummaryCardsProps = {
  /** The portfolio's value once valued, else the credited balance; null when neither is known. */
  walletValue: number | null;
  /** Null while the figures are unknown (not loaded, or failed). */
  figures: PortfolioPerformanceResponse | null;
};

/** Wallet Value, Current Earnings and APY, with the 24h, 7d and 30d changes once the portfolio is valued. */
export function SummaryCards({ walletValue, figures }: SummaryCardsProps) {
  const valued = isValued(figures) ? figures : null;
  const pending = 'Available once your portfolio is valued';
  const change = valued?.performance;
  const apy = change?.apy ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      <FigureCard
        title="Wallet Value"
        value={usdc(walletValue)}
        hint={
          change ? (
            <Changes
              label="Value changes"
              items={[
                ['24h', percent(change.dailyChange, true)],
                ['7d', percent(change.weeklyChange, true)],
                ['30d', percent(change.monthlyChange, true)],
              ]}
            />
          ) : (
            'Total value in USDC'
          )
        }
        icon={<AccountBalanceWalletOutlined />}
        color="primary"
      />
      <FigureCard
        title="Current Earnings"
        value={valued ? signedUsdc(valued.earnings) : usdc(null)}
        hint={
          change ? (
            <Changes
              label="Earnings changes"
              items={[
                ['24h', signedUsdc(change.dailyChangeValue)],
                ['7d', signedUsdc(change.weeklyChangeValue)],
                ['30d', signedUsdc(change.monthlyChangeValue)],
              ]}
            />
          ) : (
            pending
          )
        }
        icon={<TrendingUpOutlined />}
        color="success"
      />
      <FigureCard
        title="APY"
        value={percent(apy)}
        hint={valued === null ? pending : apy === null ? 'Shown after 7 days of history' : 'Annualised from the last 30 days'}
        icon={<PercentOutlined />}
        color="info"
      />
    </Box>
  );
}
