import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TimeTravelResponse } from '@concierge/contracts/audit/time-travel';
import { streamPath } from '../../components/audit-paths';
import { formatInstant } from '../../components/format-instant';
import { usdcText } from './amounts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {text}
  </Typography>
);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

function SimpleTable({ label, head, rows }: { label: string; head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {row.map((cell, j) => (
                <TableCell key={j} sx={{ whiteSpace: j === 0 ? 'normal' : 'nowrap', overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const mono = (text: string) => (
  <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
    {text}
  </Typography>
);

/** A member's account as it stood at the instant, with the last event of each stream it was rebuilt from. */
export function MemberAtView({ answer }: { answer: TimeTravelResponse }) {
  const { member, account, plan, portfolio } = answer;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Section title="Member">
        {member ? (
          <>
            <Typography variant="body1">
              {member.firstName} {member.lastName} · {member.email}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Chip size="small" label={member.status} />
              <Chip size="small" label={member.role} variant="outlined" />
            </Box>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Registered {formatInstant(member.registeredAt)}
            </Typography>
          </>
        ) : (
          <Empty text="Not registered yet at this instant." />
        )}
      </Section>
      <Section title="Balance">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
          <Figure label="Balance" value={usdcText(account.balance)} />
          <Figure label="Reserved" value={usdcText(account.reserved)} />
          <Figure label="Available" value={usdcText(account.available)} />
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Plan: {plan ? `${plan.name} (${plan.feePercentage}% fee${plan.isActive ? '' : ', inactive'})` : 'none yet'}
        </Typography>
      </Section>
      <Section title="Withdrawals">
        {account.withdrawals.length === 0 ? (
          <Empty text="No withdrawal requested by this instant." />
        ) : (
          <SimpleTable
            label="Withdrawals at the instant"
            head={['Withdrawal', 'Amount', 'Status', 'To', 'Requested', 'Last change']}
            rows={account.withdrawals.map((w) => [
              mono(w.withdrawalId),
              usdcText(w.amount),
              <Chip key="status" size="small" label={w.status} title={w.rejectionReason ?? w.transactionHash ?? undefined} />,
              mono(`${w.destination.address} (${w.destination.network})`),
              formatInstant(w.requestedAt),
              formatInstant(w.updatedAt),
            ])}
          />
        )}
      </Section>
      <Section title="Deposits">
        {account.deposits.length === 0 ? (
          <Empty text="No deposit credited by this instant." />
        ) : (
          <SimpleTable
            label="Deposits at the instant"
            head={['Transaction', 'Amount', 'Fee', 'Credited']}
            rows={account.deposits.map((d) => [mono(d.transactionHash), usdcText(d.amount), usdcText(d.fee), formatInstant(d.creditedAt)])}
          />
        )}
      </Section>
      <Section title="Saved withdrawal addresses">
        {answer.withdrawalAddresses.length === 0 ? (
          <Empty text="No address saved by this instant." />
        ) : (
          <SimpleTable
            label="Saved addresses at the instant"
            head={['Label', 'Address', 'Network', 'Primary']}
            rows={answer.withdrawalAddresses.map((a) => [a.label, mono(a.address), a.network, a.primary ? 'Primary' : ''])}
          />
        )}
      </Section>
      <Section title="Portfolio valuation">
        {portfolio ? (
          <>
            <Figure label={`Valued ${formatInstant(portfolio.asOf)} (${portfolio.source})`} value={usdcText(portfolio.totalValue)} />
            <SimpleTable label="Holdings at the valuation" head={['Token', 'Balance (base units)', 'Value']} rows={portfolio.holdings.map((h) => [h.symbol, mono(h.balance), usdcText(h.value)])} />
          </>
        ) : (
          <Empty text="No valuation recorded by this instant." />
        )}
      </Section>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Section title="Rebuilt from">
          <SimpleTable
            label="Streams read up to the instant"
            head={['Stream', 'Events included', 'Last event recorded']}
            rows={answer.streams.map((s) => [
              <Link key="stream" component={RouterLink} to={streamPath(s.streamId)} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {s.streamId}
              </Link>,
              s.eventsIncluded === 0 ? 'none' : `${s.eventsIncluded} (revisions 0–${s.lastRevision ?? 0})`,
              s.lastRecordedAt ? formatInstant(s.lastRecordedAt) : '—',
            ])}
          />
        </Section>
      </Box>
    </Box>
  );
}
