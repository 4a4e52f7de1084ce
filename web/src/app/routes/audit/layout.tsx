import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSession } from '../../../lib/session';
import { AUDIT_NAV, currentAuditNav } from './audit-nav';

/**
 * The auditor's shell: who is signed in, a read-only badge, and tabs for the audit screens. It
 * offers no action that changes anything: every screen below only reads (and each read is recorded).
 */
export default function AuditLayout() {
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 2 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="overline" component="p" sx={{ lineHeight: 1.4 }}>
              CRYPTO CONCIERGE · AUDIT
            </Typography>
            <Typography variant="caption" component="p" noWrap sx={{ opacity: 0.85 }}>
              {user ? `${user.firstName} ${user.lastName} · ${user.role === 'auditor' ? 'Auditor' : 'Admin'} · read only, reads recorded` : ''}
            </Typography>
          </Box>
          {user?.role === 'admin' && (
            <Button color="inherit" size="small" startIcon={<ArrowBackIcon fontSize="small" />} component={RouterLink} to="/admin/dashboard">
              Administration
            </Button>
          )}
          <Button color="inherit" size="small" startIcon={<LogoutIcon fontSize="small" />} onClick={logout}>
            Logout
          </Button>
        </Toolbar>
        <Tabs
          component="nav"
          aria-label="Audit navigation"
          value={currentAuditNav(pathname)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          textColor="inherit"
          indicatorColor="secondary"
          sx={{ px: { xs: 0, md: 2 } }}
        >
          {AUDIT_NAV.map((item) => (
            <Tab key={item.path} value={item.path} label={item.label} component={RouterLink} to={item.path} />
          ))}
        </Tabs>
      </AppBar>
      <Box component="main" sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
