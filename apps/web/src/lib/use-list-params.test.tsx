import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  type ListParams,
  orderParams,
  pageParams,
  useKeepPageInRange,
  useListParams,
} from './use-list-params.ts';

/** Renders the hook on a memory router at `url`; `current()` gives its latest value and URL. */
function renderListParams(
  url: string,
  options: Parameters<typeof useListParams<'status'>>[0],
  lastPage?: number,
) {
  let latest: ListParams<'status'> | undefined;
  function Probe() {
    const list = useListParams<'status'>(options);
    latest = list;
    useKeepPageInRange(
      lastPage === undefined ? undefined : { current_page: list.page, last_page: lastPage },
      list.setPage,
    );
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', Component: Probe }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return {
    router,
    current: () => {
      if (!latest) throw new Error('not rendered');
      return latest;
    },
    search: () => router.state.location.search,
  };
}

describe('useListParams', () => {
  it('reads page, search, sort and filters from the URL, with defaults', () => {
    const list = renderListParams('/list?page=3&query=ada&sort=name&dir=desc&status=1', {
      filters: ['status'],
    });
    expect(list.current()).toMatchObject({
      page: 3,
      query: 'ada',
      sort: { key: 'name', direction: 'desc' },
      filters: { status: '1' },
    });

    const empty = renderListParams('/list?page=nonsense', { filters: ['status'] });
    expect(empty.current()).toMatchObject({ page: 1, query: '', sort: null, filters: {} });
  });

  it('keeps a page size among the choices, back on page 1, and leaves the default out', async () => {
    const list = renderListParams('/list?page=3&per_page=50', {});
    expect(list.current().perPage).toBe(50);
    await act(async () => list.current().setPerPage(100));
    expect(list.search()).toBe('?per_page=100');
    await act(async () => list.current().setPerPage(15));
    expect(list.search()).toBe('');
    expect(renderListParams('/list?per_page=7', {}).current().perPage).toBe(15);
    expect(pageParams(2, 15)).toEqual({ page: 2, per_page: undefined });
    expect(pageParams(2, 25)).toEqual({ page: 2, per_page: 25 });
  });

  it('goes back to page 1 when the search, a filter or the sort changes', async () => {
    const list = renderListParams('/list?page=4&status=1', { filters: ['status'] });

    await act(() => list.current().setQuery('bob'));
    expect(list.search()).toBe('?status=1&query=bob');

    await act(() => list.current().setPage(2));
    await act(() => list.current().setFilters({ status: '0' }));
    expect(list.search()).toBe('?status=0&query=bob');

    await act(() => list.current().setPage(2));
    await act(() => list.current().setSort({ key: 'email', direction: 'asc' }));
    expect(list.search()).toBe('?status=0&query=bob&sort=email');

    await act(() => list.current().setFilters({ status: undefined }));
    await act(() => list.current().setQuery(''));
    expect(list.search()).toBe('?sort=email');
  });

  it('builds each change on the one before it, though the router has not rendered that yet', async () => {
    const list = renderListParams('/list?page=2', { filters: ['status'] });
    // Both changes come from one render, as a delayed search does after a filter changed.
    const before = list.current();
    await act(async () => {
      before.setFilters({ status: '0' });
      before.setQuery('bob');
    });
    expect(list.search()).toBe('?status=0&query=bob');

    // A navigation the list did not ask for (a link, the back button) is what it builds on next.
    await act(() => list.router.navigate('/list?status=1'));
    await act(() => before.setQuery('ann'));
    expect(list.search()).toBe('?status=1&query=ann');
  });

  it('pushes page changes, so that back returns to the previous page', async () => {
    const list = renderListParams('/list?query=ada', {});
    await act(() => list.current().setPage(2));
    expect(list.current().page).toBe(2);

    await act(() => list.router.navigate(-1));
    expect(list.current()).toMatchObject({ page: 1, query: 'ada' });
  });

  it('keeps two lists on one screen apart with a prefix', async () => {
    const list = renderListParams('/list?page=2&perm_page=5', { prefix: 'perm_' });
    expect(list.current().page).toBe(5);

    await act(() => list.current().setQuery('user'));
    expect(list.search()).toBe('?page=2&perm_query=user');
  });
});

describe('orderParams', () => {
  it("names the sort as the API's order_key and order_dir, and leaves no sort out", () => {
    expect(orderParams({ key: 'name', direction: 'asc' })).toEqual({
      order_key: 'name',
      order_dir: 'asc',
    });
    expect(orderParams(null)).toEqual({});
  });
});

describe('useKeepPageInRange', () => {
  it('steps back to the last page when the current one is gone, replacing the entry', async () => {
    const list = renderListParams('/list?query=ada&page=4', {}, 3);
    await act(async () => {});
    expect(list.current().page).toBe(3);
    expect(list.search()).toBe('?query=ada&page=3');
    expect(list.router.state.historyAction).toBe('REPLACE');
  });
});
