import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatAmount } from '../format';

/**
 * The first cell of a withdrawal row: who asked, name over email. It leads the row's phone card,
 * so `children` adds the lines of the columns hidden there.
 */
export function WithdrawalMemberCell({ withdrawal, children }: { withdrawal: WithdrawalDto; children?: ReactNode }) {
  return (
    <TableCell sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {withdrawal.userId.firstName} {withdrawal.userId.lastName}
      </Typography>
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
        {withdrawal.userId.email}
      </Typography>
      {children}
    </TableCell>
  );
}

/** The amount; on phones, where the Asset column is hidden, the asset follows it. */
export function WithdrawalAmountCell({ withdrawal }: { withdrawal: WithdrawalDto }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {formatAmount(withdrawal.amount)}
      <Box component="span" sx={{ display: { md: 'none' } }}>
        {' '}
        {withdrawal.asset}
      </Box>
    </TableCell>
  );
}
