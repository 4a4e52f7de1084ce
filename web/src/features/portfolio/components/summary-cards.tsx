import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { StatIcon } from '../../../components/stat-card';
import { percent, usdc } from './figures';

type Figure = { title: string; value: string; hint: string; icon: ReactNode; color: 'primary' | 'success' | 'info' };

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
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

type SummaryCardsProps = {
  walletValue: number | null;
  /** Value change over the last 7 days; null until the portfolio is valued. */
  earnings: number | null;
  apy: number | null;
};

/** Wallet Value, Current Earnings and APY. */
export function SummaryCards({ walletValue, earnings, apy }: SummaryCardsProps) {
  const pending = 'Available once your portfolio is valued';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      <FigureCard title="Wallet Value" value={usdc(walletValue)} hint="Total value in USDC" icon={<AccountBalanceWalletOutlined />} color="primary" />
      <FigureCard
        title="Current Earnings"
        value={usdc(earnings)}
        hint={earnings === null ? pending : 'Over the last 7 days'}
        icon={<TrendingUpOutlined />}
        color="success"
      />
      <FigureCard title="APY" value={percent(apy)} hint={apy === null ? pending : 'Current annual yield'} icon={<PercentOutlined />} color="info" />
    </Box>
  );
}
