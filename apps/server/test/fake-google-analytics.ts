import { type FakeAnswer, type ReceivedRequest, startFakeHttp } from './fake-http.ts';

/**
 * A local stand-in for the Google APIs the traffic import asks, answering their real request and
 * answer shapes: the token endpoint (code exchange and refresh), GA4's Admin API
 * (`accountSummaries`, a property's `dataStreams`) and Data API (`runReport`: `limit`, `offset`,
 * `rowCount`), and Search Console (`sites`, `searchAnalytics/query`: `rowLimit`, `startRow`). It
 * records every request, with its JSON body, and takes an access token only it issued.
 */

export interface Ga4Row {
  path: string;
  views: number;
  sessions: number;
  users: number;
}

export interface SearchRow {
  /** The page's full URL, as Search Console keys it. */
  page: string;
  clicks: number;
  impressions: number;
  position: number;
}

export interface Ga4Property {
  id: string;
  name: string;
  /** Its web stream's address; none: an app-only property. */
  defaultUri?: string;
  /** Rows by day (YYYY-MM-DD). */
  days: Record<string, Ga4Row[]>;
  /**
   * A day's users as GA4 counts them, once whatever pages they read (the report's TOTAL); the sum
   * of its pages' users when left out.
   */
  users?: Record<string, number>;
}

export interface SearchSite {
  siteUrl: string;
  permissionLevel?: string;
  days: Record<string, SearchRow[]>;
}

export interface RecordedRequest extends ReceivedRequest {
  json: Record<string, unknown> | null;
}

/** A report request the test answers itself (a 429, say); undefined: the fake answers. */
export type Interceptor = (request: RecordedRequest) => FakeAnswer | undefined;

export interface FakeGoogle {
  url: string;
  tokenUrl: string;
  requests: RecordedRequest[];
  ga4: Ga4Property[];
  sites: SearchSite[];
  intercept: Interceptor | null;
  /** The report requests (runReport, searchAnalytics) since `from`, as [property, day, offset]. */
  reportCalls(from?: number): [string, string, number][];
  close(): Promise<void>;
}

/** The property (or site), day and first row a report request asks for; null for another request. */
export function reportOf(request: RecordedRequest) {
  const body = request.json ?? {};
  const report = request.url.match(/^\/v1beta\/(properties\/\d+):runReport/);
  if (report) {
    const [range] = body.dateRanges as { startDate: string }[];
    return { property: report[1]!, day: range!.startDate, offset: Number(body.offset ?? 0) };
  }
  const search = request.url.match(/^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics/);
  if (!search) return null;
  return {
    property: decodeURIComponent(search[1]!),
    day: String(body.startDate),
    offset: Number(body.startRow ?? 0),
  };
}

const ACCESS_TOKEN_PREFIX = 'ya29.fake-';

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const http = await startFakeHttp();
  let issued = 0;
  const fake: FakeGoogle = {
    url: http.url,
    tokenUrl: `${http.url}/token`,
    requests: [],
    ga4: [],
    sites: [],
    intercept: null,
    reportCalls(from = 0) {
      return fake.requests.slice(from).flatMap((request) => {
        const report = reportOf(request);
        return report
          ? [[report.property, report.day, report.offset] as [string, string, number]]
          : [];
      });
    },
    close: () => http.close(),
  };

  const error = (status: number, message: string, state: string): FakeAnswer => ({
    status,
    json: { error: { code: status, message, status: state } },
  });

  function token(request: ReceivedRequest): FakeAnswer {
    const form = new URLSearchParams(request.body);
    const grant = form.get('grant_type');
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
        scope: 'https://www.googleapis.com/auth/analytics.readonly',
        ...(grant === 'authorization_code' && { refresh_token: '1//fake-refresh' }),
      },
    };
  }

  function runReport(property: string, body: Record<string, unknown>): FakeAnswer {
    const found = fake.ga4.find((one) => one.id === property);
    if (!found)
      return error(
        403,
        'User does not have sufficient permissions for this property.',
        'PERMISSION_DENIED',
      );
    const { startDate } = (body.dateRanges as { startDate: string }[])[0]!;
    const all = [...(found.days[startDate] ?? [])].sort((a, b) => a.path.localeCompare(b.path));
    const offset = Number(body.offset ?? 0);
    const limit = Number(body.limit ?? 10_000);
    const date = startDate.replaceAll('-', '');
    const sum = (pick: (row: Ga4Row) => number) =>
      String(all.reduce((total, row) => total + pick(row), 0));
    const totals = (body.metricAggregations as string[] | undefined)?.includes('TOTAL') && [
      {
        dimensionValues: [{ value: 'RESERVED_TOTAL' }, { value: 'RESERVED_TOTAL' }],
        metricValues: [
          { value: sum((row) => row.views) },
          { value: sum((row) => row.sessions) },
          { value: String(found.users?.[startDate] ?? sum((row) => row.users)) },
        ],
      },
    ];
    return {
      status: 200,
      json: {
        dimensionHeaders: [{ name: 'date' }, { name: 'pagePath' }],
        metricHeaders: [
          { name: 'screenPageViews', type: 'TYPE_INTEGER' },
          { name: 'sessions', type: 'TYPE_INTEGER' },
          { name: 'totalUsers', type: 'TYPE_INTEGER' },
        ],
        ...(all.length > 0 && {
          rows: all.slice(offset, offset + limit).map((row) => ({
            dimensionValues: [{ value: date }, { value: row.path }],
            metricValues: [
              { value: String(row.views) },
              { value: String(row.sessions) },
              { value: String(row.users) },
            ],
          })),
        }),
        ...(totals && all.length > 0 && { totals }),
        rowCount: all.length,
        metadata: { currencyCode: 'USD', timeZone: 'Etc/UTC' },
        kind: 'analyticsData#runReport',
      },
    };
  }

  function searchAnalytics(siteUrl: string, body: Record<string, unknown>): FakeAnswer {
    const site = fake.sites.find((one) => one.siteUrl === siteUrl);
    if (!site)
      return error(
        403,
        `User does not have sufficient permission for site '${siteUrl}'.`,
        'PERMISSION_DENIED',
      );
    const day = String(body.startDate);
    // Search Console orders by clicks, most first.
    const all = [...(site.days[day] ?? [])].sort(
      (a, b) => b.clicks - a.clicks || a.page.localeCompare(b.page),
    );
    const startRow = Number(body.startRow ?? 0);
    const rowLimit = Number(body.rowLimit ?? 1000);
    const rows = all.slice(startRow, startRow + rowLimit).map((row) => ({
      keys: [day, row.page],
      clicks: row.clicks,
      impressions: row.impressions,
      ctr: row.impressions > 0 ? row.clicks / row.impressions : 0,
      position: row.position,
    }));
    return {
      status: 200,
      json: { ...(rows.length > 0 && { rows }), responseAggregationType: 'byPage' },
    };
  }

  function answer(request: RecordedRequest): FakeAnswer {
    const path = request.url.split('?')[0]!;
    if (path === '/token') return token(request);
    if (!request.headers.authorization?.startsWith(`Bearer ${ACCESS_TOKEN_PREFIX}`)) {
      return error(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    }
    const intercepted = fake.intercept?.(request);
    if (intercepted) return intercepted;
    if (path === '/v1beta/accountSummaries') {
      return {
        status: 200,
        json: {
          accountSummaries: [
            {
              name: 'accountSummaries/1000',
              account: 'accounts/1000',
              displayName: 'The fleet',
              propertySummaries: fake.ga4.map((property) => ({
                property: property.id,
                displayName: property.name,
                propertyType: 'PROPERTY_TYPE_ORDINARY',
                parent: 'accounts/1000',
              })),
            },
          ],
        },
      };
    }
    const streams = path.match(/^\/v1beta\/(properties\/\d+)\/dataStreams$/);
    if (streams) {
      const property = fake.ga4.find((one) => one.id === streams[1]);
      if (!property) return error(404, 'Property not found.', 'NOT_FOUND');
      return {
        status: 200,
        json: {
          dataStreams: property.defaultUri
            ? [
                {
                  name: `${property.id}/dataStreams/1`,
                  type: 'WEB_DATA_STREAM',
                  displayName: property.name,
                  webStreamData: { measurementId: 'G-FAKE', defaultUri: property.defaultUri },
                },
              ]
            : [],
        },
      };
    }
    const report = path.match(/^\/v1beta\/(properties\/\d+):runReport$/);
    if (report && request.method === 'POST') return runReport(report[1]!, request.json ?? {});
    if (path === '/webmasters/v3/sites') {
      return {
        status: 200,
        json: {
          siteEntry: fake.sites.map((site) => ({
            siteUrl: site.siteUrl,
            permissionLevel: site.permissionLevel ?? 'siteOwner',
          })),
        },
      };
    }
    const search = path.match(/^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/);
    if (search && request.method === 'POST') {
      return searchAnalytics(decodeURIComponent(search[1]!), request.json ?? {});
    }
    return error(404, `No route ${request.method} ${path}`, 'NOT_FOUND');
  }

  http.answer((received) => {
    let json: Record<string, unknown> | null = null;
    try {
      const isJson = received.headers['content-type']?.startsWith('application/json');
      json = isJson && received.body ? JSON.parse(received.body) : null;
    } catch {
      json = null;
    }
    const request = { ...received, json };
    fake.requests.push(request);
    return answer(request);
  });
  return fake;
}
