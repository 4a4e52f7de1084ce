/** The admin lists share one pagination (users, withdrawals, deposits). */
export { ADMIN_PAGE_SIZE, PAGE_WINDOW_SIZE, pageCount, pageWindow, showingText } from '../../lib/admin-money/pagination';
