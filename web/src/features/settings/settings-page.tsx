import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { useCurrentUser } from '../../lib/current-user';
import { ProfileTab } from './components/profile-tab';
import { SecurityTab } from './components/security-tab';

const TABS = ['Profile', 'Security', 'Wallet'] as const;
type SettingsTab = (typeof TABS)[number];

/** Member settings: a spinner first, then Profile, Security and Wallet tabs (SPEC section 2). */
export default function SettingsPage() {
  const currentUser = useCurrentUser();
  const [tab, setTab] = useState<SettingsTab>('Profile');
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (currentUser.isError) enqueueSnackbar('Failed to load settings data.', { variant: 'error', preventDuplicate: true });
  }, [currentUser.isError, enqueueSnackbar]);

  if (currentUser.isPending) return <PageSpinner label="Loading settings" />;
  if (currentUser.isError) return <Alert severity="error">Failed to load settings data.</Alert>;
  const user = currentUser.data;

  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_, value: SettingsTab) => setTab(value)} variant="fullWidth" aria-label="Settings sections">
        {TABS.map((name) => (
          <Tab key={name} label={name} value={name} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} sx={{ p: { xs: 2, sm: 4 } }}>
        {tab === 'Profile' && <ProfileTab key={`${user.firstName} ${user.lastName}`} user={user} />}
        {tab === 'Security' && <SecurityTab />}
        {tab === 'Wallet' && (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Wallet
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Your platform wallet address and saved withdrawal addresses are coming soon.
            </Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
