import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand';

/** The centred card every sign-in and sign-up screen sits in. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
        background: 'linear-gradient(180deg, #eef4fc 0%, #f5f7fb 100%)',
      }}
    >
      <Box sx={{ mb: 3 }}>
        <Brand />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle !== undefined && <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>{subtitle}</Typography>}
        {subtitle === undefined && <Box sx={{ mb: 3 }} />}
        {children}
      </Paper>
    </Box>
  );
}
