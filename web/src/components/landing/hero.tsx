import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

const HIGHLIGHTS = [
  { value: '8+', label: 'Protocols' },
  { value: '24/7', label: 'Support' },
  { value: 'USDC', label: 'Only asset you deposit' },
];

export function Hero() {
  return (
    <Box
      component="section"
      sx={{
        color: 'common.white',
        background: 'linear-gradient(135deg, #0f172a 0%, #1e3a8a 60%, #2775ca 100%)',
        py: { xs: 8, md: 12 },
      }}
    >
      <Container maxWidth="lg">
        <Typography variant="overline" sx={{ color: '#93c5fd' }}>
          Premium Concierge
        </Typography>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.25rem', md: '3.5rem' }, maxWidth: 760, mt: 1 }}>
          Your USDC, put to work across decentralized finance
        </Typography>
        <Typography sx={{ mt: 2, maxWidth: 640, fontSize: { xs: '1.05rem', md: '1.2rem' }, color: '#cbd5e1' }}>
          Crypto Concierge is an automated smart-contract platform. It places your USDC in exchange, governance and
          liquidity strategies, and you follow every position from one dashboard.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/register" variant="contained" size="large" endIcon={<ArrowForward />}>
            Get Started
          </Button>
          <Button
            component={RouterLink}
            to="/register"
            variant="outlined"
            size="large"
            sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.5)', '&:hover': { borderColor: 'common.white' } }}
          >
            Create Your Account
          </Button>
        </Stack>
        <Stack direction="row" spacing={{ xs: 3, md: 6 }} sx={{ mt: 6, flexWrap: 'wrap', rowGap: 2 }}>
          {HIGHLIGHTS.map((item) => (
            <Box key={item.label}>
              <Typography sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, fontWeight: 800 }}>{item.value}</Typography>
              <Typography variant="body2" sx={{ color: '#cbd5e1' }}>
                {item.label}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
