import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { useCurrentUser } from '../../../features/auth/api/get-current-user';
import { useSession } from '../../../lib/session';
import { MemberBottomNav } from '../../../components/layouts/member/member-bottom-nav';
import { MemberHeader } from '../../../components/layouts/member/member-header';
import { memberIdentity } from '../../../components/layouts/member/member-identity';
import { MemberSidebar, SIDEBAR_WIDTH } from '../../../components/layouts/member/member-sidebar';
import { activeNavItem } from '../../../components/layouts/member/nav-items';

/** The signed-in member's shell: sidebar on wide screens, bottom bar on small ones. */
export default function MemberLayout() {
  const { user, logout } = useSession();
  const currentUser = useCurrentUser();
  const { pathname } = useLocation();
  // The server's copy once loaded; until then the placeholders.
  const identity = memberIdentity(currentUser.data ?? null);
  const title = activeNavItem(pathname)?.label ?? 'Dashboard';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box', border: 0 },
        }}
      >
        <MemberSidebar identity={identity} onLogout={logout} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <MemberHeader title={title} email={identity.email ?? user?.email ?? null} onLogout={logout} />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3, md: 4 }, pb: { xs: 11, md: 4 } }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <MemberBottomNav />
    </Box>
  );
}
