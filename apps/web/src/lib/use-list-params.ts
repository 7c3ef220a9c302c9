import { DEFAULT_PER_PAGE, PER_PAGE_CHOICES } from '@sitefleet/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  key: string;
  direction: SortDirection;
}

/**
 * The API's order parameters for a header sort; without one the request leaves them out and the
 * server keeps the list's default order.
 */
export function orderParams(sort: ListSort | null) {
  return sort ? { order_key: sort.key, order_dir: sort.direction } : {};
}

/** The API's paging parameters; the default page size is left out, as the server assumes it. */
export function pageParams(page: number, perPage: number) {
  return { page, per_page: perPage === DEFAULT_PER_PAGE ? undefined : perPage };
}

export interface ListParamsOptions<F extends string> {
  /** Names of the list's filters (e.g. 'status', 'website_id'); each is one search parameter. */
  filters?: readonly F[];
  /**
   * Put before every parameter name, so that two lists on one screen (the role form and its
   * permissions card) keep apart: with 'perm_' the page is `perm_page`.
   */
  prefix?: string;
}

/**
 * What a list asks its API for: a page of a size, the search, the header sort (null: the server's
 * order) and the filters, each one search parameter named as the API names it.
 */
export interface ListRequest<F extends string = never> {
  page: number;
  perPage: number;
  /** The search text, '' when none. */
  query: string;
  sort: ListSort | null;
  /** Each filter's value, undefined when none. */
  filters: Record<F, string | undefined>;
}

/**
 * A list's request as the URL keeps it (page 1 when the URL has none or a bad one, DEFAULT_PER_PAGE
 * when it has none or a size not among PER_PAGE_CHOICES), and what changes it.
 */
export interface ListParams<F extends string = never> extends ListRequest<F> {
  /** Goes to a page; `replace` rewrites the history entry instead of adding one. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Changes the page size and goes back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Replaces the search and goes back to page 1. */
  setQuery: (query: string) => void;
  /** Sorts by a key (null: the server's order) and goes back to page 1. */
  setSort: (sort: ListSort | null) => void;
  /** Sets (or with undefined or '' removes) filters and goes back to page 1. */
  setFilters: (changes: Partial<Record<F, string | undefined>>) => void;
}

function readPerPage(value: string | null): number {
  return PER_PAGE_CHOICES.find((choice) => String(choice) === value) ?? DEFAULT_PER_PAGE;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The search parameters a list's next change builds on. React Router hands a change the
 * parameters of the last render, and renders a navigation some time after it is asked for: a
 * change asked for before then (the search box's delayed update, landing just after a filter
 * changed) would write over the one before it. So the list keeps the parameters it asked for
 * until the router has rendered them, and builds on the latest; a navigation it did not ask for
 * (the back button, a link, a saved view) takes over.
 */
function useLatestSearch(rendered: URLSearchParams) {
  const state = useRef({ rendered: rendered.toString(), pending: [] as string[] });
  useEffect(() => {
    const current = state.current;
    const search = rendered.toString();
    if (search === current.rendered) return;
    current.rendered = search;
    const reached = current.pending.indexOf(search);
    current.pending = reached === -1 ? [] : current.pending.slice(reached + 1);
  }, [rendered]);
  return useMemo(
    () => ({
      current: () => state.current.pending.at(-1) ?? state.current.rendered,
      asked: (next: URLSearchParams) => {
        state.current.pending.push(next.toString());
      },
    }),
    [],
  );
}

/**
 * A list's page, page size, search, sort and filters, kept in the URL's search parameters so that a reload,
 * the back button and a shared link show the same list. Default values (page 1, no search) are
 * left out of the URL. Changing the search, the sort or a filter goes back to page 1, because the
 * old page number means nothing in the new result.
 */
export function useListParams<F extends string = never>(
  options: ListParamsOptions<F> = {},
): ListParams<F> {
  const { filters: filterNames = [], prefix = '' } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const name = useCallback((key: string) => `${prefix}${key}`, [prefix]);

  const page = readPage(searchParams.get(name('page')));
  const perPage = readPerPage(searchParams.get(name('per_page')));
  const query = searchParams.get(name('query')) ?? '';
  const sortKey = searchParams.get(name('sort'));
  const sortDirection: SortDirection = searchParams.get(name('dir')) === 'desc' ? 'desc' : 'asc';
  const sort = useMemo<ListSort | null>(
    () => (sortKey ? { key: sortKey, direction: sortDirection } : null),
    [sortKey, sortDirection],
  );
  const filterKey = filterNames.map((filter) => searchParams.get(name(filter)) ?? '').join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter values.
  const filters = useMemo(() => {
    const values = {} as Record<F, string | undefined>;
    for (const filter of filterNames) values[filter] = searchParams.get(name(filter)) ?? undefined;
    return values;
  }, [filterKey, name]);

  const latest = useLatestSearch(searchParams);

  /** Applies changes to the current parameters; '' or null removes a parameter. */
  const update = useCallback(
    (changes: Record<string, string | null>, { replace = false } = {}) => {
      const next = new URLSearchParams(latest.current());
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(name(key));
        else next.set(name(key), value);
      }
      latest.asked(next);
      setSearchParams(next, { replace });
    },
    [latest, name, setSearchParams],
  );

  return {
    page,
    perPage,
    query,
    sort,
    filters,
    setPage: useCallback(
      (nextPage: number, pageOptions?: { replace?: boolean }) =>
        update({ page: nextPage > 1 ? String(nextPage) : null }, pageOptions),
      [update],
    ),
    setPerPage: useCallback(
      (nextPerPage: number) =>
        update({
          per_page: nextPerPage === DEFAULT_PER_PAGE ? null : String(nextPerPage),
          page: null,
        }),
      [update],
    ),
    // Typing replaces the history entry: the back button goes to the previous list, not letter
    // by letter through the search.
    setQuery: useCallback(
      (nextQuery: string) => update({ query: nextQuery, page: null }, { replace: true }),
      [update],
    ),
    setSort: useCallback(
      (nextSort: ListSort | null) =>
        update({
          sort: nextSort?.key ?? null,
          dir: nextSort?.direction === 'desc' ? 'desc' : null,
          page: null,
        }),
      [update],
    ),
    setFilters: useCallback(
      (changes: Partial<Record<F, string | undefined>>) => {
        const values: Record<string, string | null> = { page: null };
        for (const filter of Object.keys(changes) as F[]) values[filter] = changes[filter] ?? null;
        update(values);
      },
      [update],
    ),
  };
}

/**
 * When a page no longer exists (its last rows were deleted or moved away), goes to the last page
 * there is, replacing the history entry so that the back button does not return to it.
 */
export function useKeepPageInRange(
  page: { current_page: number; last_page: number } | undefined,
  setPage: ListParams<string>['setPage'],
): void {
  const current = page?.current_page;
  const last = page?.last_page;
  useEffect(() => {
    if (current !== undefined && last !== undefined && current > last) {
      setPage(last, { replace: true });
    }
  }, [current, last, setPage]);
}
