import { Link as RouterLink, useLocation } from 'react-router-dom';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { ADMIN_NAV, BOTTOM_BAR_HEIGHT, isCurrent } from './admin-nav';

const ITEMS = ADMIN_NAV.filter((item) => item.inBottomBar);

/** The phone navigation: the four day-to-day screens. */
export function AdminBottomBar() {
  const { pathname } = useLocation();
  const current = ITEMS.find((item) => isCurrent(item, pathname))?.path ?? false;
  return (
    <Paper
      component="nav"
      aria-label="Admin navigation"
      elevation={8}
      square
      sx={{ display: { xs: 'block', md: 'none' }, position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar' }}
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_BAR_HEIGHT }}>
        {ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <BottomNavigationAction
              key={item.path}
              value={item.path}
              label={item.label}
              icon={<Icon />}
              component={RouterLink}
              to={item.path}
              sx={{ minWidth: 0, px: 0.5 }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
