import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { useCurrentUser } from '../../../features/auth/api/get-current-user';
import { authKeys } from '../../../features/auth/api/query-keys';
import { useWalletInfo } from '../../../features/wallets/api/get-wallet-info';
import { useWithdrawalAddresses } from '../../../features/withdrawal-addresses/api/get-withdrawal-addresses';
import { ProfileTab } from '../../../features/auth/components/profile-tab';
import { SecurityTab } from '../../../features/auth/components/security-tab';
import { WalletTab } from '../../../features/withdrawal-addresses/components/wallet-tab';

const TABS = ['Profile', 'Security', 'Wallet'] as const;
type SettingsTab = (typeof TABS)[number];

/** `?tab=wallet` opens that tab, e.g. when a withdrawal needs a wallet set up first. */
function tabFromQuery(value: string | null): SettingsTab {
  return TABS.find((name) => name.toLowerCase() === value?.toLowerCase()) ?? 'Profile';
}

/** The current user carries the primary withdrawal address, so it follows the withdrawal addresses. */
const ADDRESS_BOOK_REFRESH = { alsoInvalidate: [authKeys.me()] };

/**
 * Member settings: a spinner while the user, wallet info and saved addresses load together
 *, then Profile, Security and Wallet tabs.
 */
export default function SettingsPage() {
  const currentUser = useCurrentUser();
  const walletInfo = useWalletInfo();
  const addresses = useWithdrawalAddresses();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));
  const { enqueueSnackbar } = useSnackbar();
  const failed = currentUser.isError || walletInfo.isError || addresses.isError;

  useEffect(() => {
    if (failed) enqueueSnackbar('Failed to load settings data.', { variant: 'error', preventDuplicate: true });
  }, [failed, enqueueSnackbar]);

  if (currentUser.isPending || walletInfo.isPending || addresses.isPending) return <PageSpinner label="Loading settings" />;
  if (currentUser.isError) return <Alert severity="error">Failed to load settings data.</Alert>;
  const user = currentUser.data;

  const selectTab = (next: SettingsTab) => setSearchParams(next === 'Profile' ? {} : { tab: next.toLowerCase() }, { replace: true });

  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_, value: SettingsTab) => selectTab(value)} variant="fullWidth" aria-label="Settings sections">
        {TABS.map((name) => (
          <Tab key={name} label={name} value={name} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} sx={{ p: { xs: 2, sm: 4 } }}>
        {tab === 'Profile' && <ProfileTab key={`${user.firstName} ${user.lastName}`} user={user} />}
        {tab === 'Security' && <SecurityTab />}
        {tab === 'Wallet' && (
          <WalletTab
            platformAddress={walletInfo.isError ? undefined : walletInfo.data.address}
            addresses={addresses.isError ? undefined : addresses.data}
            refresh={ADDRESS_BOOK_REFRESH}
          />
        )}
      </Box>
    </Paper>
  );
}
