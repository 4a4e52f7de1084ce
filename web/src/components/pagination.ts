/** Admin lists show 10 rows a page. */
export const ADMIN_PAGE_SIZE = 10;

/** At most this many page-number buttons are shown at once. */
export const PAGE_WINDOW_SIZE = 5;

/** Number of pages for `total` rows; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to show as buttons: a window of at most `size` pages that keeps the current
 * page in the middle where it can, and slides against the first or last page near the ends.
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW_SIZE): number[] {
  const last = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), last);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/**
 * "Showing X to Y of Z results" for one page. Z is the exact total the API reports, so the
 * numbers stay right on the last page and across filters (the original counted only the page).
 */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return 'Showing 0 to 0 of 0 results';
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} results`;
}
