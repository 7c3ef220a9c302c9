import {
  type EconomicsSummary,
  type EconomicsWebsiteRow,
  paginate,
  type Renewals,
} from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { chartView } from '../../../components/charts/ChartFigure.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { Portfolio } from './Portfolio.tsx';

beforeEach(() => {
  stubResizeObserver();
  // The table view: the same numbers as the chart, which jsdom cannot draw.
  chartView.set('table');
  onTestFinished(() => chartView.set('chart'));
});

const inr = (value: number) => formatMoney(value, 'INR');

const SUMMARY: EconomicsSummary = {
  currency: 'INR',
  from: '2026-11-28',
  to: '2026-11-29',
  totals: { revenue: 1500, cost: 1000, profit: 500, views: 4000 },
  series: [
    { date: '2026-11-28', revenue: 1500, cost: 400, profit: 1100 },
    { date: '2026-11-29', revenue: null, cost: 600, profit: null },
  ],
  previous: { revenue: 1000, cost: 1250, profit: -250, views: 4000 },
  missing_rates: ['USD'],
};

const row = (
  id: number,
  name: string,
  fields: Partial<EconomicsWebsiteRow>,
): EconomicsWebsiteRow => ({
  id,
  name,
  url: `https://${name.toLowerCase()}.example.com`,
  revenue: 0,
  cost: 0,
  costs: { hosting: 0, instances: 0, generation: 0, social: 0, other: 0 },
  profit: 0,
  margin: null,
  views: 0,
  rpm: null,
  posts_published: 0,
  cost_per_post: null,
  next_renewal_date: null,
  renewal_cost: 0,
  renewal_advice: 'no data',
  sparkline: [0, 0],
  delivery_success_rate: null,
  missing_rates: [],
  ...fields,
});

const ROWS = [
  row(1, 'Alpha', {
    revenue: 1200,
    cost: 200,
    profit: 1000,
    margin: 0.8333,
    views: 3000,
    rpm: 400,
  }),
  row(2, 'Beta', { revenue: null, cost: 800, profit: null, missing_rates: ['USD'], views: 1000 }),
  row(3, 'Gamma', {
    revenue: 300,
    cost: 0,
    profit: 300,
    margin: 1,
    views: 0,
    renewal_advice: 'renew',
  }),
];

const RENEWALS: Renewals = {
  count: 1,
  total_cost: 1499,
  websites: [{ id: 3, name: 'Gamma', next_renewal_date: '2026-12-10', cost: 1499 }],
};

/** The list as the server sorts it: by the order key asked, profit first by default. */
function websitesAnswer(search: URLSearchParams) {
  const key = (search.get('order_key') ?? 'profit') as 'profit' | 'name';
  const direction = search.get('order_dir') === 'asc' ? 1 : -1;
  const rows = ROWS.filter((website) => website.name.includes(search.get('query') ?? ''));
  const value = (website: EconomicsWebsiteRow) => website[key] ?? Number.NEGATIVE_INFINITY;
  rows.sort((a, b) => (value(a) > value(b) ? direction : -direction));
  return {
    body: {
      ...paginate(rows, {
        page: 1,
        perPage: 15,
        total: rows.length,
        path: '/api/economics/websites',
      }),
      currency: 'INR',
    },
  };
}

function renderPortfolio(address = '/admin/dashboard') {
  const fetchMock = stubFetch({
    '/api/economics/summary': { body: SUMMARY },
    '/api/economics/websites': websitesAnswer,
    '/api/stats/renewals': { body: RENEWALS },
  });
  renderInApp(
    createMemoryRouter([{ path: '*', element: <Portfolio /> }], { initialEntries: [address] }),
  );
  return fetchMock;
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((tableRow) =>
      within(tableRow)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

describe('the portfolio', () => {
  it("shows the period's figures in the base currency with their change, a missing one as a dash", async () => {
    renderPortfolio();
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-revenue').textContent).toBe(inr(1500)),
    );
    expect(screen.getByTestId('portfolio-profit').textContent).toBe(inr(500));
    expect(screen.getByTestId('portfolio-views').textContent).toBe('4,000');
    // A smaller loss before: profit rose by three times the loss's size.
    expect(screen.getByText('+300%').className).toContain('text-success-emphasis');
    // Cost fell: good news in green.
    expect(screen.getByText('-20%').className).toContain('text-success-emphasis');
    expect(screen.getByText('+50%').className).toContain('text-success-emphasis');

    const chart = screen.getByRole('table', { name: /Revenue and cost per day/ });
    const [first, second] = cellsOf(chart);
    expect(first).toEqual(['28-11-2026', inr(1500), inr(400)]);
    // No rate for the day's dollars: a dash that says why, never 0.
    expect(second?.[1]).toContain('—');
    expect(within(chart).getAllByTitle(/No exchange rate for USD/).length).toBeGreaterThan(0);
  });

  it('lists every website by profit, most first, with a dash where a rate is missing', async () => {
    renderPortfolio();
    const table = await screen.findByRole('table', { name: 'Portfolio' });
    await within(table).findByText('Alpha');
    const names = () => cellsOf(table).map((cells) => cells[0]?.split('https')[0]);
    expect(names()).toEqual(['Alpha', 'Gamma', 'Beta']);
    const [alpha] = cellsOf(table);
    expect(alpha?.slice(1, 7)).toEqual([
      inr(1200),
      inr(200),
      inr(1000),
      '83.3%',
      '3,000',
      inr(400),
    ]);
    const beta = within(table).getByText('Beta').closest('tr') as HTMLElement;
    expect(within(beta).getAllByTitle(/No exchange rate for USD/)).toHaveLength(4);
    expect(
      within(table).getByRole('img', { name: /Profit per day of Alpha: 2 days/ }),
    ).toBeTruthy();
    expect(within(table).getByText('Alpha').closest('a')?.getAttribute('href')).toBe(
      '/admin/websites?settings=1&tab=money',
    );
  });

  it('sorts by profit on the server when its header is clicked', async () => {
    const fetchMock = renderPortfolio();
    const table = await screen.findByRole('table', { name: 'Portfolio' });
    await within(table).findByText('Alpha');
    fireEvent.click(within(table).getByRole('button', { name: /Profit/ }));
    await waitFor(() =>
      expect(cellsOf(table).map((cells) => cells[0]?.split('https')[0])).toEqual([
        'Beta',
        'Gamma',
        'Alpha',
      ]),
    );
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.includes('order_key=profit&order_dir=asc'))).toBe(true);
  });

  it('lists the renewals due with their advice', async () => {
    renderPortfolio();
    const renewals = await screen.findByRole('table', { name: 'Renewals due' });
    await within(renewals).findByText('Renew');
    expect(cellsOf(renewals)).toEqual([['Gamma', '10-12-2026', inr(1499), 'Renew']]);
  });

  it('asks for the custom days picked, and for none the contract refuses', async () => {
    const fetchMock = renderPortfolio(
      '/admin/dashboard?period=custom&from=2026-11-10&to=2026-11-01',
    );
    await screen.findByText(/To date:/);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/economics'))).toBe(
      false,
    );
  });
});
