import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AutoGraphOutlined from '@mui/icons-material/AutoGraphOutlined';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const FEATURES: ReadonlyArray<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <AutoGraphOutlined />,
    title: 'Automated strategies',
    text: 'Smart contracts spread your USDC over on-chain strategies the system selects, across 8+ protocols.',
  },
  {
    icon: <HowToVoteOutlined />,
    title: 'Governance participation',
    text: 'Part of the allocation locks tokens to take part in protocol governance and earn its rewards.',
  },
  {
    icon: <WaterDropOutlined />,
    title: 'Liquidity positioning',
    text: 'Liquidity pool positions and an exchange integration round out the mix.',
  },
  {
    icon: <AccountBalanceWalletOutlined />,
    title: 'Your own deposit address',
    text: 'Every approved member gets a platform-generated wallet address. Deposits are in USDC only.',
  },
  {
    icon: <VerifiedUserOutlined />,
    title: 'Approved access',
    text: 'Each account is reviewed by our team before it opens, and withdrawals are approved one by one.',
  },
  {
    icon: <SupportAgentOutlined />,
    title: '24/7 support',
    text: 'A concierge team answers questions about your account at any hour.',
  },
];

export function FeaturesSection() {
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 7, md: 10 } }}>
      <Container maxWidth="lg">
        <Typography id="features-title" variant="h4" component="h2" sx={{ textAlign: 'center' }}>
          Why members choose Crypto Concierge
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mt: 1, mb: 5 }}>
          Portfolio value, earnings, APY, risk and allocation in one place.
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map((feature) => (
            <Paper key={feature.title} variant="outlined" sx={{ p: 3 }}>
              <Box sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 32 } }} aria-hidden>
                {feature.icon}
              </Box>
              <Typography variant="h6" component="h3" gutterBottom>
                {feature.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {feature.text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
