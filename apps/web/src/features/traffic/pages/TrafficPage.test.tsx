import {
  paginate,
  TRAFFIC_MESSAGES,
  type TrafficAnswer,
  type TrafficWebsiteRow,
} from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { chartView } from '../../../components/charts/ChartFigure.tsx';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { TrafficPage } from './TrafficPage.tsx';

beforeEach(() => {
  stubResizeObserver();
  // The table view: the same numbers as the chart, which jsdom cannot draw.
  chartView.set('table');
  onTestFinished(() => chartView.set('chart'));
});

const TRAFFIC: TrafficAnswer = {
  series: [
    { t: '2026-11-27T00:00:00.000Z', views: 1200, visitors: 300, clicks: 40, impressions: 900 },
    { t: '2026-11-28T00:00:00.000Z', views: 34, visitors: 20, clicks: 2, impressions: 50 },
  ],
  totals: { views: 1234, visitors: 320, clicks: 42, impressions: 950 },
  top_pages: [{ path: '/news/first', post_id: 7, views: 1000, website_id: 1 }],
  top_referrers: [{ domain: 'search.example', views: 600 }],
  devices: [
    { device: 'mobile', views: 900 },
    { device: 'desktop', views: 300 },
  ],
};

const row = (id: number, name: string, fields: Partial<TrafficWebsiteRow>): TrafficWebsiteRow => ({
  id,
  name,
  url: `https://${name.toLowerCase()}.example.com`,
  views: 0,
  visitors: 0,
  change: null,
  sparkline: [0, 0, 0],
  ...fields,
});

const ROWS = [
  row(1, 'Alpha', { views: 1200, visitors: 300, change: 0.25, sparkline: [400, 800, 0] }),
  row(2, 'Beta', { views: 34, visitors: 20, change: -0.1 }),
  row(3, 'Gamma', {}),
];

const pageOf = (rows: TrafficWebsiteRow[]) =>
  paginate(rows, { page: 1, perPage: 15, total: rows.length, path: '/api/traffic/websites' });

function renderPage(rows = ROWS, address = '/admin/traffic') {
  const fetchMock = stubFetch({
    '/api/traffic': { body: TRAFFIC },
    '/api/traffic/websites': { body: pageOf(rows) },
    '/api/getAllWebsites': { body: ROWS.map(({ id, name }) => ({ id, name })) },
  });
  renderInApp(
    createMemoryRouter([{ path: '*', element: <TrafficPage /> }], { initialEntries: [address] }),
  );
  return fetchMock;
}

/** The search parameters of the last call to `path`. */
function lastQuery(fetchMock: ReturnType<typeof renderPage>, path: string) {
  const calls = fetchMock.mock.calls.map(([input]) => String(input));
  const call = calls.filter((url) => url.split('?')[0] === path).at(-1) ?? '';
  return new URLSearchParams(call.split('?')[1]);
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

describe('the Traffic screen', () => {
  it('shows the series as a table of the same numbers, per day of the last 30 days', async () => {
    const fetchMock = renderPage();
    const table = await screen.findByRole('table', { name: 'Views and visitors per day' });
    expect(cellsOf(table)).toEqual([
      ['27-11-2026', '1,200', '300'],
      ['28-11-2026', '34', '20'],
    ]);
    expect(screen.getByText('Views and visitors per day: 1,234 views, 320 visitors')).toBeTruthy();
    const query = lastQuery(fetchMock, '/api/traffic');
    expect(query.get('source')).toBe('beacon');
    expect(query.get('interval')).toBe('day');
    expect(query.get('website_id')).toBeNull();
    const days =
      (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000;
    expect(days).toBe(29);
  });

  it('lists each website with its views, visitors, signed change and sparkline', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Traffic per website' });
    await within(table).findByText('Alpha');
    const cells = cellsOf(table).map((cells) => cells.slice(0, 4));
    expect(cells).toEqual([
      ['Alphahttps://alpha.example.com', '1,200', '300', '+25%'],
      ['Betahttps://beta.example.com', '34', '20', '-10%'],
      ['Gammahttps://gamma.example.com', '0', '0', '–'],
    ]);
    const sparkline = within(table).getByRole('img', { name: /Views per day of Alpha/ });
    expect(sparkline.getAttribute('aria-label')).toBe(
      'Views per day of Alpha: 3 days, at most 800 a day',
    );
    expect(within(table).getByText('+25%').className).toContain('text-success');
    expect(within(table).getByText('-10%').className).toContain('text-danger');
  });

  it('says so when no website had page views in the period', async () => {
    renderPage([]);
    const table = await screen.findByRole('table', { name: 'Traffic per website' });
    await within(table).findByText(TRAFFIC_MESSAGES.empty);
  });

  it('sorts the table on the server by views, then asks again for the period picked', async () => {
    const fetchMock = renderPage();
    const table = await screen.findByRole('table', { name: 'Traffic per website' });
    await within(table).findByText('Alpha');
    fireEvent.click(within(table).getByRole('button', { name: /Views/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/traffic/websites').get('order_key')).toBe('views'),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '7d' } });
    await waitFor(() => {
      const query = lastQuery(fetchMock, '/api/traffic/websites');
      expect(
        (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000,
      ).toBe(6);
    });
  });

  it('charts one website, picked in the table, and Search Console as clicks and impressions', async () => {
    const fetchMock = renderPage(ROWS, '/admin/traffic?source=search_console');
    const table = await screen.findByRole('table', { name: 'Traffic per website' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Beta' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/traffic').get('website_id')).toBe('2'));
    expect(lastQuery(fetchMock, '/api/traffic').get('source')).toBe('search_console');
    const series = await screen.findByRole('table', { name: 'Clicks and impressions per day' });
    expect(cellsOf(series)[0]).toEqual(['27-11-2026', '40', '900']);
    await screen.findByRole('heading', { name: 'Search Console: Beta' });
  });

  it('refuses a custom range that ends before it starts, with the contract’s message', async () => {
    const fetchMock = renderPage(
      ROWS,
      '/admin/traffic?period=custom&from=2026-11-20&to=2026-11-10',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`To date: ${TRAFFIC_MESSAGES.rangeReversed}`);
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/traffic?'))).toBe(
      false,
    );
  });

  it('asks for the days of a custom period before it asks the server', async () => {
    const fetchMock = renderPage(ROWS, '/admin/traffic?period=custom');
    await screen.findByText('Type the first and last day of the period.');
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/traffic'))).toBe(
      false,
    );
  });

  it('shows the top pages, with the website and post each is, the top referrers and the devices', async () => {
    renderPage();
    const pages = await screen.findByRole('table', { name: 'Top pages' });
    await within(pages).findByText('Alpha');
    expect(cellsOf(pages)).toEqual([['Alpha/news/firstPost #7', '1,000']]);
    expect(cellsOf(screen.getByRole('table', { name: 'Top referrers' }))).toEqual([
      ['search.example', '600'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Devices' }))).toEqual([
      ['Mobile', '900'],
      ['Desktop', '300'],
    ]);
  });

  it('shows the server’s message when the traffic cannot be read', async () => {
    stubFetch({
      '/api/traffic': { status: 500, body: { message: 'Server Error' } },
      '/api/traffic/websites': { body: pageOf([]) },
      '/api/getAllWebsites': { body: [] },
    });
    renderInApp(createMemoryRouter([{ path: '*', element: <TrafficPage /> }]));
    expect((await screen.findByRole('alert')).textContent).toBe('Server Error');
  });
});
