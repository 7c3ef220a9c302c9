import {
  type EconomicsSummary,
  type EconomicsWebsiteRow,
  paginate,
  type RevenueAnswer,
} from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { chartView } from '../../../components/charts/ChartFigure.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { WebsiteMoney } from './WebsiteMoney.tsx';

beforeEach(() => {
  stubResizeObserver();
  chartView.set('table');
  onTestFinished(() => chartView.set('chart'));
});

const inr = (value: number) => formatMoney(value, 'INR');

const SUMMARY: EconomicsSummary = {
  currency: 'INR',
  from: '2026-11-29',
  to: '2026-11-29',
  totals: { revenue: 950.4, cost: 120, profit: 830.4, views: 300 },
  series: [{ date: '2026-11-29', revenue: 950.4, cost: 120, profit: 830.4 }],
  previous: { revenue: null, cost: 0, profit: null, views: 0 },
  missing_rates: [],
};

const page = { current_page: 1, last_page: 1, per_page: 1, total: 2 };

const REVENUE: RevenueAnswer = {
  currency: 'INR',
  rows: [],
  totals: [
    { source: 'adsense', amount_base: 900.4 },
    { source: 'affiliate', amount_base: 50 },
  ],
  missing_rates: [],
  ...page,
};

/** The website's row of the economics list: its costs by kind, its share of the fleet's among them. */
const ROW: EconomicsWebsiteRow = {
  id: 4,
  name: 'Recipes',
  url: 'https://recipes.example.com',
  revenue: 950.4,
  cost: null,
  costs: { hosting: 100, instances: 0, generation: null, social: 0, other: 20 },
  profit: null,
  margin: null,
  views: 300,
  rpm: null,
  posts_published: 0,
  cost_per_post: null,
  next_renewal_date: null,
  renewal_cost: 0,
  renewal_advice: 'no data',
  sparkline: [],
  delivery_success_rate: null,
  missing_rates: ['USD'],
};

function renderTab() {
  const fetchMock = stubFetch({
    '/api/economics/summary': { body: SUMMARY },
    '/api/revenue': { body: REVENUE },
    '/api/economics/websites': {
      body: {
        ...paginate([ROW], { page: 1, perPage: 100, total: 1, path: '/api/economics/websites' }),
        currency: 'INR',
      },
    },
  });
  renderInApp(
    createMemoryRouter([{ path: '*', element: <WebsiteMoney websiteId={4} /> }], {
      initialEntries: ['/admin/websites?settings=4&tab=money'],
    }),
  );
  return fetchMock;
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

describe("a website's Money tab", () => {
  it("shows the website's days, its revenue by source and its costs by kind", async () => {
    const fetchMock = renderTab();
    const days = await screen.findByRole('table', { name: /Revenue, cost and profit per day/ });
    expect(cellsOf(days)[0]).toEqual(['29-11-2026', inr(950.4), inr(120), inr(830.4)]);

    const sources = await screen.findByRole('table', { name: 'Revenue by source' });
    expect(cellsOf(sources)).toEqual([
      ['AdSense', inr(900.4)],
      ['affiliate', inr(50)],
      [inr(950.4)],
    ]);
    const kinds = await screen.findByRole('table', { name: 'Costs by kind' });
    const rows = cellsOf(kinds);
    // Kinds of no cost left out; a total with a missing rate unknown, never 0.
    expect(rows.map((cells) => cells[0])).toEqual([
      'Hosting',
      'Generation',
      'Other',
      expect.any(String),
    ]);
    expect(within(kinds).getAllByTitle(/No exchange rate for USD/)).toHaveLength(2);

    const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'));
    for (const path of ['/api/economics/summary', '/api/revenue']) {
      const call = calls.find((url) => url.pathname === path);
      expect(call?.searchParams.get('website_id')).toBe('4');
    }
    // Its row of the economics list, asked for by its id.
    const row = calls.find((url) => url.pathname === '/api/economics/websites');
    expect(row?.searchParams.get('website_id')).toBe('4');
  });

  it('asks again for the period picked', async () => {
    const fetchMock = renderTab();
    await screen.findByRole('table', { name: 'Revenue by source' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '7d' } });
    await waitFor(() => {
      const calls = fetchMock.mock.calls.map(([input]) => String(input));
      const last = calls.filter((url) => url.startsWith('/api/economics/websites?')).at(-1) ?? '';
      const query = new URLSearchParams(last.split('?')[1]);
      expect(
        (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000,
      ).toBe(6);
    });
  });
});
