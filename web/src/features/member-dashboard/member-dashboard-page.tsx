import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** Placeholder until the money release brings wallet value, earnings and positions. */
export default function MemberDashboardPage() {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <AccountBalanceWalletOutlined sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} aria-hidden />
        <Typography variant="h5" component="h1" gutterBottom>
          Your portfolio will appear here
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Once your first USDC deposit is credited, your wallet value, earnings and APY show on this page.
        </Typography>
      </CardContent>
    </Card>
  );
}
