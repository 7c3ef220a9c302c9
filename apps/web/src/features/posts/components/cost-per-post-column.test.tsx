import { type PostRow, paginate } from '@sitefleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { DataTable } from '../../../components/DataTable.tsx';
import { applyAbilities, resetAbilities } from '../../../lib/abilities.ts';
import { formatMoney } from '../../../lib/money.ts';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { useCostPerPostColumns } from './cost-per-post-column.tsx';

beforeEach(() => stubResizeObserver());

const POSTS = [{ id: 1 }, { id: 2 }] as PostRow[];

function Table({ websiteId }: { websiteId?: string }) {
  const { columns } = useCostPerPostColumns(websiteId);
  return <DataTable label="Posts" columns={columns} rows={POSTS} rowId={(post) => post.id} />;
}

function renderTable(websiteId?: string) {
  const economicsRow = (id: number, name: string, cost_per_post: number | null) => ({
    id,
    name,
    url: `https://${id}.example.com`,
    revenue: 0,
    cost: 0,
    costs: { hosting: 0, instances: 0, generation: 0, social: 0, other: 0 },
    profit: 0,
    margin: null,
    views: 0,
    rpm: null,
    posts_published: 4,
    cost_per_post,
    next_renewal_date: null,
    renewal_cost: 0,
    renewal_advice: 'no data',
    sparkline: [],
    delivery_success_rate: null,
    missing_rates: [],
  });
  const fetchMock = stubFetch({
    '/api/getAllWebsites': {
      body: [
        { id: 7, name: 'Recipes' },
        { id: 8, name: 'Recipes Two' },
      ],
    },
    // The website's own row, asked for by its id.
    '/api/economics/websites': {
      body: {
        ...paginate([economicsRow(7, 'Recipes', 312.5)], {
          page: 1,
          perPage: 15,
          total: 1,
          path: '/api/economics/websites',
        }),
        currency: 'INR',
      },
    },
  });
  renderInApp(
    createMemoryRouter([{ path: '*', element: <Table websiteId={websiteId} /> }], {
      initialEntries: ['/admin/posts'],
    }),
  );
  return fetchMock;
}

const economicsCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/economics/websites'));

describe('the cost per post column', () => {
  it("shows the filtered website's cost per post on every row, asked for once", async () => {
    const fetchMock = renderTable('7');
    const table = screen.getByRole('table', { name: 'Posts' });
    await waitFor(() =>
      expect(within(table).getAllByText(formatMoney(312.5, 'INR'))).toHaveLength(2),
    );
    expect(within(table).getByRole('columnheader').textContent).toBe('Cost per post (30 days)');
    const calls = economicsCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(new URLSearchParams(calls[0]?.split('?')[1]).get('website_id')).toBe('7');
  });

  it('says which website to pick without one, and asks nothing', async () => {
    const fetchMock = renderTable();
    const table = screen.getByRole('table', { name: 'Posts' });
    expect(within(table).getAllByTitle(/Pick a website in the Website filter/)).toHaveLength(2);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(economicsCalls(fetchMock)).toEqual([]);
  });

  it('is no column for those who may not read the money', () => {
    applyAbilities(['post-list']);
    onTestFinished(resetAbilities);
    renderTable('7');
    expect(screen.queryByRole('columnheader')).toBeNull();
  });
});
