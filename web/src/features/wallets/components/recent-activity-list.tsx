import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import DonutLargeOutlined from '@mui/icons-material/DonutLargeOutlined';
import TrendingDownOutlined from '@mui/icons-material/TrendingDownOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatAmount, formatDate } from '../../../lib/format';
import { TransactionStatusChip } from './transaction-status-chip';
import type { ActivityItem } from './recent-activity';

/** A deposit adds, a withdrawal takes away; an earnings or strategy amount carries its own sign. */
function signedAmount(item: ActivityItem): string {
  const negative = item.type === 'withdrawal' || item.amount < 0;
  const sign = negative ? '−' : item.type === 'deposit' || item.amount > 0 ? '+' : '';
  return `${sign}${formatAmount(Math.abs(item.amount))} ${item.asset}`;
}

function ActivityIcon({ item }: { item: ActivityItem }) {
  switch (item.type) {
    case 'deposit':
      return <CallReceivedOutlined />;
    case 'withdrawal':
      return <CallMadeOutlined />;
    case 'earnings':
      return item.amount < 0 ? <TrendingDownOutlined /> : <TrendingUpOutlined />;
    case 'strategy':
      return <DonutLargeOutlined />;
    default: {
      const unknown: never = item.type;
      return unknown;
    }
  }
}

const ICON_COLOUR: Record<ActivityItem['type'], string> = {
  deposit: 'success.main',
  withdrawal: 'primary.main',
  earnings: 'info.main',
  strategy: 'secondary.main',
};

/** Recent Activity: at most 5 items and View All Activity. */
export function RecentActivityList({ items }: { items: readonly ActivityItem[] }) {
  return (
    <Card component="section" aria-label="Recent Activity">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', columnGap: 2, mb: 1 }}>
          <Typography variant="h6" component="h2">
            Recent Activity
          </Typography>
          <Button component={RouterLink} to="/user/history" size="small">
            View All Activity
          </Button>
        </Box>
        {items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
            No activity yet. Your deposits and withdrawals will show here.
          </Typography>
        ) : (
          <List disablePadding aria-label="Recent activity items">
            {items.map((item) => (
              // On a phone the amount and its status go under the text: beside it they squeezed a long title into the amount.
              <ListItem key={item.id} divider disableGutters sx={{ gap: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <Box aria-hidden sx={{ mt: 0.5, color: ICON_COLOUR[item.type], display: 'flex' }}>
                  <ActivityIcon item={item} />
                </Box>
                <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 48px)', sm: 0 } }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {item.description}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDate(item.date)}
                  </Typography>
                </Box>
                <Box
                  sx={{
                    textAlign: { xs: 'left', sm: 'right' },
                    display: { xs: 'flex', sm: 'grid' },
                    alignItems: 'center',
                    justifyItems: 'end',
                    gap: { xs: 1, sm: 0.5 },
                    ml: { xs: '36px', sm: 0 },
                  }}
                >
                  <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{signedAmount(item)}</Typography>
                  {item.status !== undefined && <TransactionStatusChip status={item.status} />}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
