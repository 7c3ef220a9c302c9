import { type GooglePropertyKind, pagePath, siteHost } from '@sitefleet/contract';
import type { GoogleApiUrls } from '../../db/google-client.ts';
import { askGoogle, type GoogleCall } from './google-api.ts';

/**
 * One page of a day's report, as each API pages it: GA4's runReport (date, pagePath:
 * screenPageViews, sessions, totalUsers; `limit` and `offset`, the answer's `rowCount` says how
 * many there are) and Search Console's searchAnalytics.query (date, page: clicks, impressions,
 * ctr, position; `rowLimit` and `startRow`, a short page is the last). Rows are summed by the
 * path they count for, as the beacon's are.
 */

export interface PageRow {
  path: string;
  views: number;
  visitors: number;
  clicks: number;
  impressions: number;
  /** Search Console's position times the impressions, so that rows of one path average right. */
  positionWeight: number;
}

export interface ReportPage {
  rows: PageRow[];
  /** GA4's users of the whole day (its first page's total): the day's visitors. */
  dayVisitors: number | null;
  /** Rows Google answered on this page, which the next page's offset counts. */
  received: number;
  last: boolean;
}

const count = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
};

/** The rows summed by path: two URLs of one page (a query, a trailing slash) count as one. */
function byPath(rows: PageRow[]): PageRow[] {
  const summed = new Map<string, PageRow>();
  for (const row of rows) {
    const found = summed.get(row.path);
    if (!found) {
      summed.set(row.path, { ...row });
      continue;
    }
    found.views += row.views;
    found.visitors += row.visitors;
    found.clicks += row.clicks;
    found.impressions += row.impressions;
    found.positionWeight += row.positionWeight;
  }
  return [...summed.values()];
}

/** A path as the beacon keeps it; GA4's '(not set)' and the like stay as Google wrote them. */
function pathOf(path: string): string {
  if (!path.startsWith('/')) return path;
  try {
    return pagePath(new URL(path, 'https://host.invalid'));
  } catch {
    return path;
  }
}

type Row = Record<string, unknown>;
const rowsOf = (answer: unknown) => {
  const rows = (answer as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
};
const values = (cells: unknown) =>
  Array.isArray(cells) ? cells.map((cell) => (cell as { value?: unknown })?.value) : [];

async function ga4Page(
  call: GoogleCall,
  urls: GoogleApiUrls,
  property: string,
  day: string,
  offset: number,
  limit: number,
): Promise<ReportPage> {
  const answer = await askGoogle(call, `${urls.analyticsData}/v1beta/${property}:runReport`, {
    dateRanges: [{ startDate: day, endDate: day }],
    dimensions: [{ name: 'date' }, { name: 'pagePath' }],
    metrics: [{ name: 'screenPageViews' }, { name: 'sessions' }, { name: 'totalUsers' }],
    // A stable order, so that the offsets of the pages still to come mean the same rows.
    orderBys: [{ dimension: { dimensionName: 'pagePath' } }],
    limit,
    offset,
    // The day's users counted once each, with the first page: its pages' would count a reader of
    // two pages twice.
    ...(offset === 0 && { metricAggregations: ['TOTAL'] }),
  });
  const rows = rowsOf(answer);
  const total = count((answer as { rowCount?: unknown } | null)?.rowCount);
  const compactDay = day.replaceAll('-', '');
  const parsed = rows.flatMap((row) => {
    const [date, path] = values(row.dimensionValues);
    const [views, , users] = values(row.metricValues);
    if (date !== compactDay || typeof path !== 'string') return [];
    return [
      {
        path: pathOf(path),
        views: count(views),
        visitors: count(users),
        clicks: 0,
        impressions: 0,
        positionWeight: 0,
      },
    ];
  });
  const totals = (answer as { totals?: unknown } | null)?.totals;
  const dayTotal = Array.isArray(totals)
    ? values((totals[0] as Row | undefined)?.metricValues)
    : [];
  return {
    rows: byPath(parsed),
    dayVisitors: dayTotal.length > 2 ? count(dayTotal[2]) : null,
    received: rows.length,
    last: rows.length === 0 || offset + rows.length >= total,
  };
}

async function searchConsolePage(
  call: GoogleCall,
  urls: GoogleApiUrls,
  site: string,
  day: string,
  offset: number,
  limit: number,
  websiteHost: string | null,
): Promise<ReportPage> {
  const answer = await askGoogle(
    call,
    `${urls.searchConsole}/webmasters/v3/sites/${encodeURIComponent(site)}/searchAnalytics/query`,
    {
      startDate: day,
      endDate: day,
      dimensions: ['date', 'page'],
      type: 'web',
      rowLimit: limit,
      startRow: offset,
    },
  );
  const rows = rowsOf(answer);
  const parsed = rows.flatMap((row) => {
    const [date, page] = Array.isArray(row.keys) ? row.keys : [];
    if (date !== day || typeof page !== 'string') return [];
    let url: URL;
    try {
      url = new URL(page);
    } catch {
      return [];
    }
    // A domain property covers every subdomain: only the website's own pages count for it.
    if (websiteHost && siteHost(url.hostname) !== websiteHost) return [];
    const impressions = count(row.impressions);
    const position = Number(row.position);
    return [
      {
        path: pagePath(url),
        views: 0,
        visitors: 0,
        clicks: count(row.clicks),
        impressions,
        positionWeight: Number.isFinite(position) ? position * impressions : 0,
      },
    ];
  });
  return {
    rows: byPath(parsed),
    dayVisitors: null,
    received: rows.length,
    last: rows.length < limit,
  };
}

/** The page of `day`'s report that starts at `offset`. */
export function reportPage(
  call: GoogleCall,
  urls: GoogleApiUrls,
  target: { kind: GooglePropertyKind; id: string; websiteHost: string | null },
  day: string,
  offset: number,
  limit: number,
): Promise<ReportPage> {
  return target.kind === 'ga4'
    ? ga4Page(call, urls, target.id, day, offset, limit)
    : searchConsolePage(call, urls, target.id, day, offset, limit, target.websiteHost);
}
