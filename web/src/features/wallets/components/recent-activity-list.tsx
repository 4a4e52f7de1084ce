import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
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

/** Recent Activity: at most 5 items and View All Activity. */
export function RecentActivityList({ items }: { items: readonly ActivityItem[] }) {
  return (
    <Card component="section" aria-label="Recent Activity">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 1 }}>
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
              <ListItem key={item.id} divider disableGutters sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{ mt: 0.5, color: item.type === 'deposit' ? 'success.main' : 'primary.main', display: 'flex' }}
                >
                  {item.type === 'deposit' ? <CallReceivedOutlined /> : <CallMadeOutlined />}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {item.description}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDate(item.date)}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: 'right', display: 'grid', justifyItems: 'end', gap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {item.type === 'deposit' ? '+' : '−'}
                    {formatAmount(item.amount)} {item.asset}
                  </Typography>
                  <TransactionStatusChip status={item.status} />
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
