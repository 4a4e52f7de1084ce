import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import PieChartOutlined from '@mui/icons-material/PieChartOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { ReactNode } from 'react';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: ReactNode;
  /** Active only on this exact path (the dashboard). */
  readonly end?: boolean;
}

/** The member navigation, shared by the sidebar and the bottom bar. */
export const MEMBER_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/user/dashboard', icon: <DashboardOutlined />, end: true },
  { label: 'Portfolio', to: '/user/portfolio', icon: <PieChartOutlined /> },
  { label: 'History', to: '/user/history', icon: <ReceiptLongOutlined /> },
  { label: 'Settings', to: '/user/settings', icon: <SettingsOutlined /> },
];

/** The nav entry the current path belongs to. */
export function activeNavItem(pathname: string): NavItem | undefined {
  return MEMBER_NAV.find((item) => (item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`)));
}
