import { type FakeAnswer, type ReceivedRequest, startFakeHttp } from './fake-http.ts';

/**
 * A local stand-in for the AdSense Management API (v2) as the revenue import asks it, answering
 * its real request and answer shapes: Google's token endpoint (code exchange and refresh),
 * `accounts.list` (GET /v2/accounts, paged by `pageSize` and `pageToken`) and
 * `accounts.reports.generate` (GET /v2/{account}/reports:generate with `dateRange=CUSTOM`, the
 * start and end dates' year, month and day, `dimensions` and `metrics` repeated; its answer has
 * `headers` (ESTIMATED_EARNINGS a METRIC_CURRENCY with its `currencyCode`), `rows` of `cells`,
 * `totals`, `averages`, `startDate`, `endDate` and `totalMatchedRows`, and is cut at `rowCap`
 * rows as the real one is at 100,000). It records every request and takes an access token only it
 * issued.
 */

export interface SiteDay {
  domain: string;
  /** Decimal text, as AdSense writes it. */
  earnings: string;
  pageViews: number;
  impressions: number;
  clicks: number;
}

export interface FakeAccount {
  /** 'accounts/pub-…'. */
  name: string;
  displayName: string;
  currency: string;
  /** Sites' rows by day (YYYY-MM-DD). */
  days: Record<string, SiteDay[]>;
}

/** A request the test answers itself (a 429, say); undefined: the fake answers. */
export type Interceptor = (request: ReceivedRequest) => FakeAnswer | undefined;

export interface FakeAdsense {
  url: string;
  tokenUrl: string;
  requests: ReceivedRequest[];
  accounts: FakeAccount[];
  /** Accounts per page of accounts.list, whatever the request's pageSize; none: the request's. */
  accountsPerPage: number | null;
  /** Rows a report holds at most (the real API: 100,000). */
  rowCap: number;
  intercept: Interceptor | null;
  /** The report requests since `from`, as [account, first day, last day]. */
  reportCalls(from?: number): [string, string, string][];
  close(): Promise<void>;
}

const ACCESS_TOKEN_PREFIX = 'ya29.fake-adsense-';
const REPORT_PATH = /^\/v2\/(accounts\/[^/]+)\/reports:generate$/;
const DIMENSIONS = ['DATE', 'OWNED_SITE_DOMAIN_NAME'];
const METRICS = ['ESTIMATED_EARNINGS', 'PAGE_VIEWS', 'IMPRESSIONS', 'CLICKS'];

/** A report's date from its query's `{end}.year`, `.month` and `.day`; null when one is missing. */
function dateOf(query: URLSearchParams, end: 'startDate' | 'endDate') {
  const [year, month, day] = ['year', 'month', 'day'].map((part) => query.get(`${end}.${part}`));
  if (!year || !month || !day) return null;
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The account and days a report request asks for; null for another request. */
export function reportOf(request: ReceivedRequest) {
  const url = new URL(request.url, 'http://fake.invalid');
  const path = url.pathname.match(REPORT_PATH);
  if (!path) return null;
  return {
    account: path[1]!,
    from: dateOf(url.searchParams, 'startDate') ?? '',
    to: dateOf(url.searchParams, 'endDate') ?? '',
  };
}

const sum = (rows: readonly SiteDay[], of: (row: SiteDay) => number) =>
  rows.reduce((total, row) => total + of(row), 0);

export async function startFakeAdsense(): Promise<FakeAdsense> {
  const http = await startFakeHttp();
  let issued = 0;
  const fake: FakeAdsense = {
    url: http.url,
    tokenUrl: `${http.url}/token`,
    requests: http.requests,
    accounts: [],
    accountsPerPage: null,
    rowCap: 100_000,
    intercept: null,
    reportCalls(from = 0) {
      return fake.requests.slice(from).flatMap((request) => {
        const report = reportOf(request);
        return report ? [[report.account, report.from, report.to] as [string, string, string]] : [];
      });
    },
    close: () => http.close(),
  };

  const error = (status: number, message: string, state: string): FakeAnswer => ({
    status,
    json: { error: { code: status, message, status: state } },
  });

  function token(request: ReceivedRequest): FakeAnswer {
    const grant = new URLSearchParams(request.body).get('grant_type');
    if (grant !== 'authorization_code' && grant !== 'refresh_token') {
      return { status: 400, json: { error: 'unsupported_grant_type' } };
    }
    issued += 1;
    return {
      status: 200,
      json: {
        access_token: `${ACCESS_TOKEN_PREFIX}${issued}`,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/adsense.readonly',
        ...(grant === 'authorization_code' && { refresh_token: '1//fake-refresh' }),
      },
    };
  }

  function accountsList(query: URLSearchParams): FakeAnswer {
    const size = fake.accountsPerPage ?? Number(query.get('pageSize') ?? 10_000);
    const start = Number(query.get('pageToken') || 0);
    const page = fake.accounts.slice(start, start + size);
    const next = start + size < fake.accounts.length ? String(start + size) : null;
    return {
      status: 200,
      json: {
        accounts: page.map((account) => ({
          name: account.name,
          displayName: account.displayName,
          timeZone: { id: 'Etc/UTC' },
          createTime: '2020-01-01T00:00:00Z',
          pendingTasks: [],
          premium: false,
          state: 'READY',
        })),
        ...(next && { nextPageToken: next }),
      },
    };
  }

  function generate(accountName: string, query: URLSearchParams): FakeAnswer {
    const account = fake.accounts.find((one) => one.name === accountName);
    if (!account) {
      return error(403, 'The caller does not have permission', 'PERMISSION_DENIED');
    }
    const from = dateOf(query, 'startDate');
    const to = dateOf(query, 'endDate');
    const asked = (name: string) => query.getAll(name).join(',');
    if (
      query.get('dateRange') !== 'CUSTOM' ||
      !from ||
      !to ||
      from > to ||
      asked('dimensions') !== DIMENSIONS.join(',') ||
      asked('metrics') !== METRICS.join(',')
    ) {
      return error(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
    }
    const all = Object.keys(account.days)
      .filter((day) => day >= from && day <= to)
      .sort()
      .flatMap((day) =>
        [...account.days[day]!]
          .sort((a, b) => a.domain.localeCompare(b.domain))
          .map((row) => ({ day, ...row })),
      );
    const rows = all.slice(0, fake.rowCap);
    const cells = (values: (string | number | null)[]) => ({
      cells: values.map((value) => (value === null ? {} : { value: String(value) })),
    });
    const earnings = all.reduce((total, row) => total + Number(row.earnings), 0);
    const date = (day: string) => {
      const [year, month, dayOfMonth] = day.split('-').map(Number);
      return { year, month, day: dayOfMonth };
    };
    return {
      status: 200,
      json: {
        totalMatchedRows: String(all.length),
        headers: [
          { name: 'DATE', type: 'DIMENSION' },
          { name: 'OWNED_SITE_DOMAIN_NAME', type: 'DIMENSION' },
          { name: 'ESTIMATED_EARNINGS', type: 'METRIC_CURRENCY', currencyCode: account.currency },
          { name: 'PAGE_VIEWS', type: 'METRIC_TALLY' },
          { name: 'IMPRESSIONS', type: 'METRIC_TALLY' },
          { name: 'CLICKS', type: 'METRIC_TALLY' },
        ],
        ...(rows.length > 0 && {
          rows: rows.map((row) =>
            cells([row.day, row.domain, row.earnings, row.pageViews, row.impressions, row.clicks]),
          ),
        }),
        totals: cells([
          null,
          null,
          earnings.toFixed(2),
          sum(all, (row) => row.pageViews),
          sum(all, (row) => row.impressions),
          sum(all, (row) => row.clicks),
        ]),
        averages: cells([null, null, (all.length ? earnings / all.length : 0).toFixed(2), 0, 0, 0]),
        startDate: date(from),
        endDate: date(to),
      },
    };
  }

  http.answer((request) => {
    const url = new URL(request.url, 'http://fake.invalid');
    if (url.pathname === '/token') return token(request);
    if (!request.headers.authorization?.startsWith(`Bearer ${ACCESS_TOKEN_PREFIX}`)) {
      return error(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    }
    const intercepted = fake.intercept?.(request);
    if (intercepted) return intercepted;
    if (request.method === 'GET' && url.pathname === '/v2/accounts') {
      return accountsList(url.searchParams);
    }
    const report = url.pathname.match(REPORT_PATH);
    if (report && request.method === 'GET') return generate(report[1]!, url.searchParams);
    return error(404, `No route ${request.method} ${url.pathname}`, 'NOT_FOUND');
  });
  return fake;
}
