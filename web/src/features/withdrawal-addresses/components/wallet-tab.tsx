import type { WithdrawalAddressDto } from '@concierge/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { copyText } from '../../../components/copy-text';
import { useDeleteWithdrawalAddress } from '../api/delete-withdrawal-address';
import type { WithdrawalAddressRefresh } from '../api/save-withdrawal-address';
import { useSetPrimaryAddress } from '../api/set-primary-address';
import { AddressDialog } from './address-dialog';
import { AddressList } from './address-list';
import { DeleteAddressDialog } from './delete-address-dialog';

type WalletTabProps = {
  /** The member's platform (deposit) wallet address; null while it is being assigned; undefined when it failed to load. */
  platformAddress: string | null | undefined;
  /** The saved addresses; undefined when they failed to load. */
  addresses: readonly WithdrawalAddressDto[] | undefined;
  /** What else shows the withdrawal addresses, refreshed after each change (the page passes the current user). */
  refresh: WithdrawalAddressRefresh;
};

/** The editor state: closed, adding, or editing one address. */
type Editor = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; address: WithdrawalAddressDto };

/** Settings > Wallet: the platform wallet address and the withdrawal addresses. */
export function WalletTab({ platformAddress, addresses, refresh }: WalletTabProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<WithdrawalAddressDto | null>(null);
  const removal = useDeleteWithdrawalAddress(refresh);
  const primary = useSetPrimaryAddress(refresh);
  const busyId = removal.isPending ? removal.variables : primary.isPending ? primary.variables : undefined;

  const copyPlatformAddress = async (address: string) => {
    const copied = await copyText(address);
    enqueueSnackbar(copied ? 'Platform wallet address copied.' : 'Failed to copy address', { variant: copied ? 'success' : 'error' });
  };

  const confirmDelete = (address: WithdrawalAddressDto) =>
    removal.mutate(address.id, {
      onSuccess: () => enqueueSnackbar('Address deleted.', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to delete address.'), { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });

  const makePrimary = (address: WithdrawalAddressDto) =>
    primary.mutate(address.id, {
      onSuccess: () => enqueueSnackbar('Primary withdrawal address updated.', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to set primary address.'), { variant: 'error' }),
    });

  return (
    <Stack spacing={4}>
      <Box component="section" aria-labelledby="platform-wallet-title">
        <Typography id="platform-wallet-title" variant="h6" component="h2" gutterBottom>
          Platform wallet address
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          Send USDC to this address to fund your account.
        </Typography>
        {platformAddress === undefined ? (
          <Alert severity="error">Your platform wallet address could not be loaded. Reload the page to try again.</Alert>
        ) : platformAddress === null ? (
          <Alert severity="info">Your platform wallet address is being prepared. It appears here in a moment.</Alert>
        ) : (
          <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontFamily: 'monospace', flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{platformAddress}</Typography>
            <Button size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copyPlatformAddress(platformAddress)}>
              Copy
            </Button>
          </Paper>
        )}
      </Box>
      <Divider />
      <Box component="section" aria-labelledby="withdrawal-addresses-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Box>
            <Typography id="withdrawal-addresses-title" variant="h6" component="h2">
              Withdrawal addresses
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Withdrawals go to your primary address.
            </Typography>
          </Box>
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditor({ mode: 'add' })} disabled={addresses === undefined}>
            Add address
          </Button>
        </Stack>
        {addresses === undefined ? (
          <Alert severity="error">Your saved addresses could not be loaded. Reload the page to try again.</Alert>
        ) : (
          <AddressList
            addresses={addresses}
            busyId={busyId}
            onEdit={(address) => setEditor({ mode: 'edit', address })}
            onDelete={setDeleting}
            onSetPrimary={makePrimary}
          />
        )}
      </Box>
      {editor.mode !== 'closed' && (
        <AddressDialog
          key={editor.mode === 'edit' ? editor.address.id : 'new'}
          editing={editor.mode === 'edit' ? editor.address : null}
          onClose={() => setEditor({ mode: 'closed' })}
          refresh={refresh}
        />
      )}
      <DeleteAddressDialog address={deleting} busy={removal.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </Stack>
  );
}
