import { useListFilters } from '../../../hooks/use-list-filters';

/** The statuses the filter offers; '' is All Statuses. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

/** What the user list's filter bar offers and says. */
export const USER_FILTER_BAR = { options: STATUS_FILTER_OPTIONS, searchLabel: 'Search by name or email', applyLabel: 'Apply Filters' };

/** The user list's status filter, search and page, kept in the URL. */
export const useUserListFilters = () => useListFilters(STATUS_FILTER_OPTIONS);
