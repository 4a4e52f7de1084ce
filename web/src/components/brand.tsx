import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** The product mark and name, linking home. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Crypto Concierge home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: inverted ? 'common.white' : 'text.primary', textDecoration: 'none' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 14,
        }}
      >
        CC
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: { xs: 16, sm: 18 }, letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
        Crypto Concierge
      </Typography>
    </Box>
  );
}
