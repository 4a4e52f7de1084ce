import { useListFilters } from '../../../hooks/use-list-filters';

/** The statuses the filter offers; '' is All. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'rejected', label: 'Rejected' },
] as const;

/** What the withdrawal list's filter bar offers and says. */
export const WITHDRAWAL_FILTER_BAR = { options: STATUS_FILTER_OPTIONS, searchLabel: 'Search by user or address', applyLabel: 'Apply' };

/** The withdrawal list's status filter, search and page, kept in the URL. */
export const useWithdrawalListFilters = () => useListFilters(STATUS_FILTER_OPTIONS);
