import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DepositDto } from '@concierge/contracts';
import { formatAmount, formatDate } from '../format';
import { PHONE_ONLY, phoneFullWidth, phoneRow, WIDE_HEAD, WIDE_ONLY } from '../phone-table';
import { TxHashLink } from '../../components/tx-hash-link';

type DepositsTableProps = {
  deposits: DepositDto[];
  /** The Account column: on for every member's deposits, off on one member's details page. */
  showAccount: boolean;
  /** Accessible name of the table. */
  label: string;
};

/** A fee percentage such as 2.5 -> "2.5%". */
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** Deposits with their fee at the time: Account, Date, Amount (USDC), Fee %, Fee Paid, Tx Hash. */
export function DepositsTable({ deposits, showAccount, label }: DepositsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead sx={WIDE_HEAD}>
          <TableRow>
            {showAccount && <TableCell>Account</TableCell>}
            <TableCell>Date</TableCell>
            <TableCell align="right">Amount (USDC)</TableCell>
            <TableCell align="right">Fee %</TableCell>
            <TableCell align="right">Fee Paid</TableCell>
            <TableCell>Tx Hash</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deposits.map((deposit) => (
            <TableRow key={deposit.id} hover sx={phoneRow}>
              {showAccount && (
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                    {deposit.userId.firstName} {deposit.userId.lastName}
                  </Typography>
                  <Typography variant="caption" sx={{ ...PHONE_ONLY, color: 'text.secondary' }} noWrap>
                    {formatDate(deposit.timestamp)}
                  </Typography>
                </TableCell>
              )}
              {/* On phones without the Account column the date leads the card. */}
              <TableCell sx={showAccount ? { ...WIDE_ONLY, whiteSpace: 'nowrap' } : { whiteSpace: 'nowrap' }}>
                {formatDate(deposit.timestamp)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatAmount(deposit.amountUSD)}
                <Box component="span" sx={{ display: { md: 'none' } }}>
                  {' '}
                  USDC
                </Box>
                <Typography variant="caption" sx={{ ...PHONE_ONLY, color: 'text.secondary' }}>
                  Fee {formatAmount(deposit.calculatedFeeUSD)} ({percent(deposit.feePercentageAtDeposit)})
                </Typography>
              </TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {percent(deposit.feePercentageAtDeposit)}
              </TableCell>
              <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                {formatAmount(deposit.calculatedFeeUSD)}
              </TableCell>
              <TableCell sx={phoneFullWidth}>
                <TxHashLink hash={deposit.transactionHash} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
