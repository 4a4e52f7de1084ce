import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { SessionUser } from '../../../lib/session';
import { initials } from '../../../lib/format';

type AdminHeaderProps = {
  /** The current page's name ("Admin Dashboard" on the dashboard). */
  title: string;
  user: SessionUser | null;
  onLogout: () => void;
};

/** The page's name, the admin's name with the Admin label, and a user menu with Sign out. */
export function AdminHeader({ title, user, onLogout }: AdminHeaderProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const fullName = user ? `${user.firstName} ${user.lastName}` : '';

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 1.5, sm: 2 } }}>
        <Typography
          variant="h6"
          component="p"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            fontSize: { xs: '1.05rem', sm: '1.25rem' },
            // A long page name ("Withdrawal Management") takes two lines on a phone rather than being cut.
            lineHeight: { xs: 1.25, sm: 1.6 },
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: { xs: 2, sm: 1 },
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {title}
        </Typography>
        <Box sx={{ textAlign: 'right', minWidth: 0, maxWidth: { xs: 150, sm: 280 } }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {fullName}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            Admin
          </Typography>
        </Box>
        <IconButton
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          aria-label="Open user menu"
          aria-haspopup="menu"
          aria-expanded={menuAnchor !== null}
          sx={{ p: 0 }}
        >
          <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontSize: 15 }}>{initials(fullName)}</Avatar>
        </IconButton>
        <Menu
          anchorEl={menuAnchor}
          open={menuAnchor !== null}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {fullName}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {user?.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              onLogout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Sign out
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
