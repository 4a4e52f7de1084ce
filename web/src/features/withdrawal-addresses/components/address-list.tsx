import type { WithdrawalAddressDto } from '@concierge/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type AddressListProps = {
  addresses: readonly WithdrawalAddressDto[];
  /** The address whose set-primary or delete is on its way. */
  busyId: string | undefined;
  onEdit: (address: WithdrawalAddressDto) => void;
  onDelete: (address: WithdrawalAddressDto) => void;
  onSetPrimary: (address: WithdrawalAddressDto) => void;
};

/** The saved withdrawal addresses, the primary one marked, each with its actions. */
export function AddressList({ addresses, busyId, onEdit, onDelete, onSetPrimary }: AddressListProps) {
  if (addresses.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary', py: 2 }}>
        No withdrawal address saved yet. Add one to be able to request withdrawals.
      </Typography>
    );
  }
  return (
    <List disablePadding aria-label="Saved withdrawal addresses">
      {addresses.map((entry) => {
        const busy = busyId === entry.id;
        return (
          <ListItem
            key={entry.id}
            divider
            disableGutters
            sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: 1.5 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{entry.label}</Typography>
                {entry.isPrimary && <Chip size="small" color="primary" label="Primary" />}
                <Chip size="small" variant="outlined" label={entry.network} />
              </Stack>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere', mt: 0.5 }}>
                {entry.address}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
              {!entry.isPrimary && (
                <Button size="small" startIcon={<StarBorderOutlined />} disabled={busy} onClick={() => onSetPrimary(entry)} aria-label={`Set ${entry.label} as primary`}>
                  Set primary
                </Button>
              )}
              <Button size="small" startIcon={<EditOutlined />} disabled={busy} onClick={() => onEdit(entry)} aria-label={`Edit ${entry.label}`}>
                Edit
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                disabled={busy}
                onClick={() => onDelete(entry)}
                aria-label={`Delete ${entry.label}`}
              >
                Delete
              </Button>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
