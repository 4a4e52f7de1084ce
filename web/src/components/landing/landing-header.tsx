import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router-dom';
import { Brand } from '../brand';

// Brand and both buttons must fit a 390 px phone on one line.
const COMPACT = { px: { xs: 1.25, sm: 2.25 } };

export function LandingHeader() {
  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Brand />
          <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} component="nav" aria-label="Account">
            <Button component={RouterLink} to="/login" color="inherit" sx={COMPACT}>
              Login
            </Button>
            <Button component={RouterLink} to="/register" variant="contained" sx={COMPACT}>
              Sign Up
            </Button>
          </Stack>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
