import { ADSENSE_DEFAULT_URL, ECONOMICS_SETTINGS, siteHost } from '@sitefleet/contract';
import { readSettings } from '../../db/settings.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { DeliveryError } from '../../lib/delivery-http.ts';
import { listPages } from '../traffic-import/discover.ts';
import { askGoogle, type GoogleCall } from '../traffic-import/google-api.ts';

/**
 * The AdSense Management API (v2) as the revenue import asks it, with the fleet's Google grant
 * (traffic-import/google-api.ts: its token, its 429s): the accounts the grant sees
 * (`accounts.list`, paged by `pageToken`) and an account's earnings per day and site
 * (`accounts.reports.generate`: dimensions DATE and OWNED_SITE_DOMAIN_NAME, metrics
 * ESTIMATED_EARNINGS, PAGE_VIEWS, IMPRESSIONS, CLICKS, in the report's own currency).
 */

/** The API's address (setting google.adsense_url), read at each run; the real one when empty. */
export async function adsenseUrl(context: TaskContext): Promise<string> {
  const stored = await readSettings(context.db, context.secrets, [ECONOMICS_SETTINGS.adsenseUrl]);
  return (stored[ECONOMICS_SETTINGS.adsenseUrl] || ADSENSE_DEFAULT_URL).replace(/\/+$/, '');
}

export interface AdsenseAccount {
  /** 'accounts/pub-1234567890'. */
  name: string;
  displayName: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/** The accounts the grant sees. */
export async function listAccounts(call: GoogleCall, base: string): Promise<AdsenseAccount[]> {
  const found: AdsenseAccount[] = [];
  for await (const page of listPages(call, `${base}/v2/accounts`)) {
    for (const account of list(page.accounts)) {
      const name = text(account.name);
      if (/^accounts\/[\w-]+$/.test(name)) {
        found.push({ name, displayName: text(account.displayName) || null });
      }
    }
  }
  return found;
}

/** A row of the report: one site's day. */
export interface ReportRow {
  day: string;
  /** The site's host, without `www.`. */
  host: string;
  /** Decimal text, as AdSense wrote it. */
  earnings: string;
  pageViews: number;
  impressions: number;
  clicks: number;
}

export interface Report {
  rows: ReportRow[];
  /** ISO 4217: the currency of the earnings. */
  currency: string;
  /** Rows answered, and rows the request matched: more when the report was cut at its cap. */
  received: number;
  matched: number;
}

const DECIMAL = /^-?\d{1,12}(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_INT = 2_147_483_647;

const count = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.min(MAX_INT, Math.round(number)) : 0;
};

/** The query of a report of the days from `from` to `to`, both included. */
function reportQuery(from: string, to: string) {
  const query = new URLSearchParams({ dateRange: 'CUSTOM' });
  for (const [end, day] of [
    ['startDate', from],
    ['endDate', to],
  ] as const) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    query.append(`${end}.year`, String(year));
    query.append(`${end}.month`, String(month));
    query.append(`${end}.day`, String(date));
  }
  for (const dimension of ['DATE', 'OWNED_SITE_DOMAIN_NAME']) query.append('dimensions', dimension);
  for (const metric of ['ESTIMATED_EARNINGS', 'PAGE_VIEWS', 'IMPRESSIONS', 'CLICKS']) {
    query.append('metrics', metric);
  }
  return query;
}

/**
 * The account's report of the days from `from` to `to`: a row per site and day that had any.
 * Cells are found by their headers' names; a row whose day or earnings cannot be read is left
 * out. A report without the earnings' currency cannot be kept: it fails as a refusal would.
 */
export async function generateReport(
  call: GoogleCall,
  base: string,
  account: string,
  range: { from: string; to: string },
): Promise<Report> {
  const answer = (await askGoogle(
    call,
    `${base}/v2/${account}/reports:generate?${reportQuery(range.from, range.to)}`,
  )) as Record<string, unknown> | null;
  const headers = list(answer?.headers);
  const column = (name: string) => headers.findIndex((header) => header.name === name);
  const at = {
    day: column('DATE'),
    domain: column('OWNED_SITE_DOMAIN_NAME'),
    earnings: column('ESTIMATED_EARNINGS'),
    pageViews: column('PAGE_VIEWS'),
    impressions: column('IMPRESSIONS'),
    clicks: column('CLICKS'),
  };
  const currency = text(headers[at.earnings]?.currencyCode).toUpperCase();
  if (at.day < 0 || at.domain < 0 || !/^[A-Z]{3}$/.test(currency)) {
    throw new DeliveryError(
      `AdSense answered a report without the day, the site or the earnings' currency`,
      undefined,
      true,
    );
  }
  const answered = list(answer?.rows);
  const rows = answered.flatMap((row) => {
    const cells = list(row.cells).map((cell) => cell.value);
    const [day, domain, earnings] = [
      text(cells[at.day]),
      text(cells[at.domain]),
      text(cells[at.earnings]),
    ];
    if (!DAY.test(day) || !domain || !DECIMAL.test(earnings)) return [];
    return [
      {
        day,
        host: siteHost(domain.trim()),
        earnings,
        pageViews: count(cells[at.pageViews]),
        impressions: count(cells[at.impressions]),
        clicks: count(cells[at.clicks]),
      },
    ];
  });
  const matched = Number(answer?.totalMatchedRows);
  return {
    rows,
    currency,
    received: answered.length,
    matched: Number.isFinite(matched) ? matched : answered.length,
  };
}
