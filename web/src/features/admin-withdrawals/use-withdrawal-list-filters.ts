import { useSearchParams } from 'react-router-dom';

/** The statuses the filter offers (SPEC.md section 2); '' is All. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'rejected', label: 'Rejected' },
] as const;

export type StatusFilter = (typeof STATUS_FILTER_OPTIONS)[number]['value'];

export type WithdrawalListFilters = { status: StatusFilter; search: string };

function toStatusFilter(raw: string | null): StatusFilter {
  return STATUS_FILTER_OPTIONS.find((option) => option.value === raw)?.value ?? '';
}

function toPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function toSearchParams(filters: WithdrawalListFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== '') params.set('status', filters.status);
  const search = filters.search.trim();
  if (search !== '') params.set('search', search);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The applied filters and page live in the URL (`?status=pending&search=ann&page=2`): the
 * dashboard links straight to the pending withdrawals, and reload or Back keep what was shown.
 */
export function useWithdrawalListFilters() {
  const [params, setParams] = useSearchParams();
  const filters: WithdrawalListFilters = { status: toStatusFilter(params.get('status')), search: (params.get('search') ?? '').trim() };
  const page = toPage(params.get('page'));

  return {
    filters,
    page,
    /** Changes whenever the URL's filters do, to reset a form that edits a draft of them. */
    urlKey: params.toString(),
    apply: (next: WithdrawalListFilters) => setParams(toSearchParams(next, 1)),
    reset: () => setParams(new URLSearchParams()),
    goToPage: (next: number) => setParams(toSearchParams(filters, next)),
  };
}
