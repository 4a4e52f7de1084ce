import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LegalLink } from '../legal-links';

export function LandingFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            © {new Date().getFullYear()} Crypto Concierge. Digital assets carry risk; returns are not guaranteed.
          </Typography>
          <Stack direction="row" spacing={3} component="nav" aria-label="Legal">
            <LegalLink to="/privacy-policy">Privacy Policy</LegalLink>
            <LegalLink to="/terms-and-conditions">Terms and Conditions</LegalLink>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
