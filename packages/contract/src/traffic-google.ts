import { z } from 'zod';
import { MAX_ID } from './pagination.ts';
import { TRAFFIC_MESSAGES, utcDay } from './traffic.ts';

/**
 * What Google Analytics 4 and Search Console counted, imported with the fleet's one Google
 * connection (Login with Google): the properties and sites its grant sees, each mapped to a
 * website, and the import of their days into the traffic roll-ups.
 */

export const GOOGLE_PROPERTY_KINDS = ['ga4', 'search_console'] as const;
export type GooglePropertyKind = (typeof GOOGLE_PROPERTY_KINDS)[number];

/** The scopes Login with Google adds to its consent, read-only: GA4's reports, Search Console's. */
export const GOOGLE_TRAFFIC_SCOPES = [
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/webmasters.readonly',
] as const;

/** The Google APIs' real addresses: the default of their settings (TRAFFIC_SETTINGS). */
export const GOOGLE_API_DEFAULT_URLS = {
  analyticsAdmin: 'https://analyticsadmin.googleapis.com',
  analyticsData: 'https://analyticsdata.googleapis.com',
  searchConsole: 'https://www.googleapis.com',
} as const;

/** A GA4 property's resource name, as the Admin and Data APIs write it. */
export const GA4_PROPERTY_PATTERN = /^properties\/\d+$/;
/** How far back an import reaches: GA4 keeps no more than 16 months (nor does Search Console). */
export const GOOGLE_IMPORT_MAX_MONTHS = 16;

export const TRAFFIC_GOOGLE_MESSAGES = {
  ga4PropertyInvalid: 'A GA4 property is written properties/ and its number, e.g. properties/123',
  searchConsoleSiteInvalid:
    'A Search Console site is sc-domain: and a domain, or a URL prefix such as https://example.com/',
  tooFarBack: `At most ${GOOGLE_IMPORT_MAX_MONTHS} months back: Google keeps no more`,
  inTheFuture: 'Google has counted nothing after today',
  importUnknown: 'No such import',
  notConnected: 'Connect Google first: Login with Google, on the dashboard',
} as const;

const SC_DOMAIN = /^sc-domain:[a-z0-9.-]+$/i;
/** A Search Console site: a domain property (`sc-domain:example.com`) or a URL prefix. */
export const isSearchConsoleSite = (site: string) =>
  SC_DOMAIN.test(site) || /^https?:\/\/\S+\/$/.test(site);

/** GET /api/traffic/google/properties: what the grant sees, and where each one's days go. */
export const googlePropertySchema = z.object({
  kind: z.enum(GOOGLE_PROPERTY_KINDS),
  /** 'properties/123', 'sc-domain:example.com' or a URL prefix. */
  id: z.string(),
  name: z.string(),
  /** The web stream's or the site's host, which maps it to a website. */
  host: z.string().nullable(),
  /** The website its days are imported into: the one that names it, else the one of its host. */
  website_id: z.number().nullable(),
  last_imported_at: z.string().nullable(),
  /** Why its last import stopped (a rate limit says when it resumes); null when it went well. */
  last_error: z.string().nullable(),
});
export type GoogleProperty = z.infer<typeof googlePropertySchema>;
export const googlePropertiesAnswerSchema = z.array(googlePropertySchema);

/** A day as Google writes it, UTC: `YYYY-MM-DD`. */
const importDay = z.iso.date({ error: TRAFFIC_MESSAGES.dateInvalid });

/** The first day an import may ask for on `today` (YYYY-MM-DD): 16 months before it. */
export function earliestImportDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - GOOGLE_IMPORT_MAX_MONTHS);
  return date.toISOString().slice(0, 10);
}

/** POST /api/traffic/import: every mapped website's days, or those of the websites named. */
export const trafficImportBodySchema = z
  .strictObject({
    website_ids: z.array(z.number().int().min(1).max(MAX_ID)).max(10_000).optional(),
    from: importDay,
    to: importDay,
  })
  .superRefine((body, context) => {
    if (body.from > body.to) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: TRAFFIC_MESSAGES.rangeReversed,
      });
    }
    const today = utcDay(Date.now());
    if (body.from < earliestImportDay(today)) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: TRAFFIC_GOOGLE_MESSAGES.tooFarBack,
      });
    }
    if (body.to > today) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: TRAFFIC_GOOGLE_MESSAGES.inTheFuture,
      });
    }
  });
export type TrafficImportBody = z.infer<typeof trafficImportBodySchema>;

/** The 202 of POST /api/traffic/import: the import whose progress GET /api/traffic/import/{id} gives. */
export const trafficImportStartedSchema = z.object({ import_id: z.number() });

export const TRAFFIC_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** GET /api/traffic/import/{id}: a backfill's progress, in days of a property imported. */
export const trafficImportSchema = z.object({
  id: z.number(),
  status: z.enum(TRAFFIC_IMPORT_STATUSES),
  from: z.string(),
  to: z.string(),
  website_ids: z.array(z.number()).nullable(),
  /** Days to import, one per property mapped and day. */
  total: z.number(),
  processed: z.number(),
  /** Days given up: Google refused them (a property no longer shared, say). */
  failed: z.number(),
  message: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TrafficImport = z.infer<typeof trafficImportSchema>;
