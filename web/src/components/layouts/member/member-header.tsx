import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

/** The top bar: the page title and the signed-in email; on small screens also the logout control. */
export function MemberHeader({ title, email, onLogout }: { title: string; email: string | null; onLogout: () => void }) {
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 2 }}>
        <Typography variant="h6" component="div" noWrap sx={{ flexShrink: 0 }}>
          {title}
        </Typography>
        <Typography variant="body2" noWrap sx={{ ml: 'auto', color: 'text.secondary', minWidth: 0 }} data-testid="member-email">
          {email ?? ''}
        </Typography>
        <Tooltip title="Logout">
          <IconButton aria-label="Logout" onClick={onLogout} edge="end" sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
            <Logout />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
