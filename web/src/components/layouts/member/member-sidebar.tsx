import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router-dom';
import { initials } from '../../../lib/format';
import type { MemberIdentity } from './member-identity';
import { MEMBER_NAV } from './nav-items';

/** Sidebar width 64 units (16rem). */
export const SIDEBAR_WIDTH = 256;

export function MemberSidebar({ identity, onLogout }: { identity: MemberIdentity; onLogout: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'secondary.main', color: 'common.white' }}>
      <Typography component="div" sx={{ px: 3, pt: 3, pb: 2, fontWeight: 800, letterSpacing: '0.12em', fontSize: 15 }}>
        CRYPTO CONCIERGE
      </Typography>
      <Box sx={{ px: 3, pb: 3, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 44, height: 44 }} aria-hidden>
          {identity.fullName === null ? undefined : initials(identity.fullName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }} data-testid="member-name">
            {identity.fullName ?? 'Concierge Member'}
          </Typography>
          <Typography variant="caption" noWrap component="div" sx={{ color: '#93c5fd' }} data-testid="member-plan">
            {identity.plan}
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)' }} />
      <List component="nav" aria-label="Member navigation" sx={{ px: 1.5, py: 2, flex: 1 }}>
        {MEMBER_NAV.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            end={item.end}
            sx={{
              borderRadius: 2,
              mb: 0.5,
              color: '#cbd5e1',
              '& .MuiListItemIcon-root': { color: 'inherit' },
              '&.active': { bgcolor: 'rgba(39,117,202,0.25)', color: 'common.white' },
              '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <Box sx={{ p: 1.5 }}>
        <ListItemButton onClick={onLogout} sx={{ borderRadius: 2, color: '#cbd5e1', '& .MuiListItemIcon-root': { color: 'inherit' } }}>
          <ListItemIcon>
            <Logout />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </Box>
    </Box>
  );
}
