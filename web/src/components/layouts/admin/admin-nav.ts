import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import InsightsIcon from '@mui/icons-material/Insights';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

export type AdminNavItem = {
  path: string;
  label: string;
  /** What the header calls the page. */
  title: string;
  icon: typeof SvgIcon;
  /** Plans, strategies and the audit screens sit behind the bottom bar's More on phones. */
  inBottomBar: boolean;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/dashboard', label: 'Dashboard', title: 'Admin Dashboard', icon: DashboardIcon, inBottomBar: true },
  { path: '/admin/users', label: 'Users', title: 'User Management', icon: PeopleIcon, inBottomBar: true },
  { path: '/admin/withdrawals', label: 'Withdrawals', title: 'Withdrawal Management', icon: AccountBalanceWalletIcon, inBottomBar: true },
  { path: '/admin/deposit-history', label: 'Deposits', title: 'Deposit History', icon: ReceiptLongIcon, inBottomBar: true },
  { path: '/admin/subscriptions', label: 'Subscriptions', title: 'Subscription Manager', icon: CardMembershipIcon, inBottomBar: false },
  { path: '/admin/strategies', label: 'Strategies', title: 'Strategy Manager', icon: InsightsIcon, inBottomBar: false },
  // Beyond the product's first design: the auditors' screens (read only, reads recorded), in their own shell.
  { path: '/audit', label: 'Audit', title: 'Audit', icon: FactCheckIcon, inBottomBar: false },
];

/** An entry is current on its own page and on the pages below it (a user's details count as Users). */
export function isCurrent(item: AdminNavItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** The header's name for the page at `pathname`: "User Details" below Users, "Admin Dashboard" on the dashboard. */
export function adminPageTitle(pathname: string): string {
  const item = ADMIN_NAV.find((entry) => isCurrent(entry, pathname));
  if (item === undefined) return 'Admin Dashboard';
  return item.path === '/admin/users' && pathname !== item.path ? 'User Details' : item.title;
}

/** The product's sidebar width of 64 units, read as Tailwind's w-64 (16rem): 256px. */
export const SIDEBAR_WIDTH = 256;

/** Height of the mobile bottom bar, kept free below the page content. */
export const BOTTOM_BAR_HEIGHT = 64;
