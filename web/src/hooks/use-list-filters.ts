import { useSearchParams } from 'react-router-dom';

/** One choice of a list's status select; the value '' stands for all statuses. */
export type StatusOption = { readonly value: string; readonly label: string };

/** The status values a list's options allow, '' included. */
export type StatusOf<Options extends readonly StatusOption[]> = Options[number]['value'];

/** A status/search filter of an admin list, as applied. */
export type ListFilters<Status extends string> = { status: Status; search: string };

/** The option whose value is `raw`, or '' (all) for anything the list does not offer. */
export function toStatus<Options extends readonly StatusOption[]>(options: Options, raw: string | null): StatusOf<Options> | '' {
  return options.find((option) => option.value === raw)?.value ?? '';
}

function toPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function toSearchParams(filters: ListFilters<string>, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== '') params.set('status', filters.status);
  const search = filters.search.trim();
  if (search !== '') params.set('search', search);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The applied filters and page live in the URL (`?status=pending&search=ann&page=2`): the
 * dashboard links straight to a filtered list, and reload or Back keep what was shown.
 * `options` must hold the '' (all) option; a status the list does not offer reads as ''.
 */
export function useListFilters<Options extends readonly StatusOption[]>(options: Options) {
  type Filters = ListFilters<StatusOf<Options> | ''>;
  const [params, setParams] = useSearchParams();
  const filters: Filters = { status: toStatus(options, params.get('status')), search: (params.get('search') ?? '').trim() };
  const page = toPage(params.get('page'));

  return {
    filters,
    page,
    /** Changes whenever the URL's filters do, to reset a form that edits a draft of them. */
    urlKey: params.toString(),
    apply: (next: Filters) => setParams(toSearchParams(next, 1)),
    reset: () => setParams(new URLSearchParams()),
    goToPage: (next: number) => setParams(toSearchParams(filters, next)),
  };
}
