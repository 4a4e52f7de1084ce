import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { activeNavItem, MEMBER_NAV } from './nav-items';

/** The member navigation on small screens, fixed to the bottom edge. */
export function MemberBottomNav() {
  const { pathname } = useLocation();
  const active = activeNavItem(pathname)?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label="Member navigation"
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar', display: { xs: 'block', md: 'none' } }}
    >
      <BottomNavigation showLabels value={active}>
        {MEMBER_NAV.map((item) => (
          <BottomNavigationAction key={item.to} component={RouterLink} to={item.to} value={item.to} label={item.label} icon={item.icon} />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
