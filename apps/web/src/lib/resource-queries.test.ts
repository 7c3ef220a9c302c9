import { paginatedSchema } from '@sitefleet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/fetch-stub.tsx';
import { resourceQueries } from './resource-queries.ts';

afterEach(() => vi.unstubAllGlobals());

const thingSchema = z.object({ id: z.number(), name: z.string() });
const emptyPage = {
  data: [],
  current_page: 1,
  last_page: 1,
  per_page: 25,
  total: 0,
  from: null,
  to: null,
  first_page_url: '/api/things?page=1',
  last_page_url: '/api/things?page=1',
  next_page_url: null,
  prev_page_url: null,
};
const things = resourceQueries({
  name: 'things',
  path: '/api/things',
  list: { answer: paginatedSchema(thingSchema) },
  get: { answer: thingSchema, suffix: '/edit' },
});

const calledUrl = (fetchMock: ReturnType<typeof stubFetch>) =>
  String((fetchMock.mock.calls[0] as unknown as [string])[0]);

describe('resourceQueries', () => {
  it('asks for a page with its search, set filters and sort, under the resource key', async () => {
    const fetchMock = stubFetch({ '/api/things': { body: emptyPage } });
    const request = {
      page: 2,
      perPage: 50,
      query: 'ada',
      sort: { key: 'name', direction: 'desc' as const },
      filters: { status: '1', website_id: undefined, synced: '' },
    };

    await things.fetchList(request);

    expect(calledUrl(fetchMock)).toBe(
      '/api/things?page=2&per_page=50&query=ada&status=1&order_key=name&order_dir=desc',
    );
    expect(things.listKey(request)).toEqual(['things', 'list', request]);
    expect(things.listKey(request).slice(0, 2)).toEqual(things.listsKey);
    expect(things.listsKey.slice(0, 1)).toEqual(things.key);
  });

  it('reads one record at its declared path and parses it', async () => {
    const fetchMock = stubFetch({ '/api/things/7/edit': { body: { id: 7, name: 'Ada' } } });

    await expect(things.fetchOne(7)).resolves.toEqual({ id: 7, name: 'Ada' });
    expect(calledUrl(fetchMock)).toBe('/api/things/7/edit');
    expect(things.oneKey(7)).toEqual(['things', 'one', 7]);
  });
});
