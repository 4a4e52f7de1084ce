import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatAmount } from '../../../lib/format';

/**
 * Who asked for a withdrawal, name over email. It leads the row's phone card, so `children`
 * adds the lines of the columns hidden there.
 */
export function WithdrawalMember({ withdrawal, children }: { withdrawal: WithdrawalDto; children?: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {withdrawal.userId.firstName} {withdrawal.userId.lastName}
      </Typography>
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
        {withdrawal.userId.email}
      </Typography>
      {children}
    </Box>
  );
}

/** The amount; `withAsset` where no Asset column follows it (the phone cards). */
export function WithdrawalAmount({ withdrawal, withAsset = false }: { withdrawal: WithdrawalDto; withAsset?: boolean }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatAmount(withdrawal.amount)}
      {withAsset && ` ${withdrawal.asset}`}
    </Box>
  );
}
