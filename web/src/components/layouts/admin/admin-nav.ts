import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

export type AdminNavItem = {
  path: string;
  label: string;
  icon: typeof SvgIcon;
  /** Plans and strategies appear only in the desktop sidebar. */
  inBottomBar: boolean;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/dashboard', label: 'Dashboard', icon: DashboardIcon, inBottomBar: true },
  { path: '/admin/users', label: 'Users', icon: PeopleIcon, inBottomBar: true },
  { path: '/admin/withdrawals', label: 'Withdrawals', icon: AccountBalanceWalletIcon, inBottomBar: true },
  { path: '/admin/deposit-history', label: 'Deposits', icon: ReceiptLongIcon, inBottomBar: true },
  { path: '/admin/subscriptions', label: 'Subscriptions', icon: CardMembershipIcon, inBottomBar: false },
  { path: '/admin/strategies', label: 'Strategies', icon: InsightsIcon, inBottomBar: false },
];

/** An entry is current on its own page and on the pages below it (a user's details count as Users). */
export function isCurrent(item: AdminNavItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** The product's sidebar width of 64 units, read as Tailwind's w-64 (16rem): 256px. */
export const SIDEBAR_WIDTH = 256;

/** Height of the mobile bottom bar, kept free below the page content. */
export const BOTTOM_BAR_HEIGHT = 64;
