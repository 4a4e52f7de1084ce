import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useSession } from '../../../lib/session';
import { adminPageTitle, BOTTOM_BAR_HEIGHT } from '../../../components/layouts/admin/admin-nav';
import { AdminBottomBar } from '../../../components/layouts/admin/admin-bottom-bar';
import { AdminHeader } from '../../../components/layouts/admin/admin-header';
import { AdminSidebar } from '../../../components/layouts/admin/admin-sidebar';

/** The admin shell: sidebar on wide screens, bottom bar on phones, the page in between. */
export default function AdminLayout() {
  // logout() ends the session on the server, clears local storage and goes to /login.
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AdminSidebar onLogout={logout} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AdminHeader title={adminPageTitle(pathname)} user={user} onLogout={logout} />
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            width: '100%',
            maxWidth: 1280,
            mx: 'auto',
            px: { xs: 2, md: 4 },
            pt: { xs: 2, md: 4 },
            // Keeps the last rows clear of the fixed bottom bar on phones.
            pb: { xs: `${BOTTOM_BAR_HEIGHT + 16}px`, md: 4 },
          }}
        >
          <Outlet />
        </Box>
      </Box>
      <AdminBottomBar onLogout={logout} />
    </Box>
  );
}
