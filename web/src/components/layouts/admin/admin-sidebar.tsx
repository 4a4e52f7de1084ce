import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { ADMIN_NAV, isCurrent, SIDEBAR_WIDTH } from './admin-nav';

/** The desktop navigation: every admin screen, and Logout at the foot. */
export function AdminSidebar({ onLogout }: { onLogout: () => void }) {
  const { pathname } = useLocation();
  return (
    <Drawer
      variant="permanent"
      component="nav"
      aria-label="Admin navigation"
      sx={{
        display: { xs: 'none', md: 'block' },
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box', display: 'flex', flexDirection: 'column' },
      }}
    >
      <Toolbar sx={{ flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center' }}>
        <Typography variant="overline" component="p" sx={{ color: 'primary.main', lineHeight: 1.6 }}>
          CRYPTO CONCIERGE
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Administration
        </Typography>
      </Toolbar>
      <Divider />
      <List sx={{ px: 1.5, py: 2, display: 'grid', gap: 0.5 }}>
        {ADMIN_NAV.map((item) => {
          const current = isCurrent(item, pathname);
          const Icon = item.icon;
          return (
            <ListItemButton
              key={item.path}
              component={RouterLink}
              to={item.path}
              selected={current}
              aria-current={current ? 'page' : undefined}
              sx={{ borderRadius: 2 }}
            >
              <ListItemIcon sx={{ minWidth: 40, color: current ? 'primary.main' : 'inherit' }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: current ? 600 : 500 } } }} />
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ mt: 'auto', p: 1.5 }}>
        <Divider sx={{ mb: 1.5 }} />
        <ListItemButton onClick={onLogout} sx={{ borderRadius: 2 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </Box>
    </Drawer>
  );
}
