import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { ADMIN_NAV, BOTTOM_BAR_HEIGHT, isCurrent } from './admin-nav';

const ITEMS = ADMIN_NAV.filter((item) => item.inBottomBar);
const MORE_ITEMS = ADMIN_NAV.filter((item) => !item.inBottomBar);
const MORE = 'more';

/** The phone navigation: the four day-to-day screens, and More for plans, strategies and Logout. */
export function AdminBottomBar({ onLogout }: { onLogout: () => void }) {
  const { pathname } = useLocation();
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const current = ITEMS.find((item) => isCurrent(item, pathname))?.path ?? (MORE_ITEMS.some((item) => isCurrent(item, pathname)) ? MORE : false);
  const closeMore = () => setMoreAnchor(null);
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
        <BottomNavigationAction
          value={MORE}
          label="More"
          icon={<MoreHorizIcon />}
          aria-haspopup="menu"
          aria-expanded={moreAnchor !== null}
          aria-controls={moreAnchor ? 'admin-more-menu' : undefined}
          onClick={(event) => setMoreAnchor(event.currentTarget)}
          sx={{ minWidth: 0, px: 0.5 }}
        />
      </BottomNavigation>
      <Menu
        id="admin-more-menu"
        anchorEl={moreAnchor}
        open={moreAnchor !== null}
        onClose={closeMore}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        {MORE_ITEMS.map((item) => {
          const Icon = item.icon;
          const selected = isCurrent(item, pathname);
          return (
            <MenuItem key={item.path} component={RouterLink} to={item.path} selected={selected} aria-current={selected ? 'page' : undefined} onClick={closeMore}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {item.label}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            closeMore();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </Paper>
  );
}
