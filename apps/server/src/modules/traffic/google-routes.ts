import {
  googlePropertiesAnswerSchema,
  idParamSchema,
  TRAFFIC_GOOGLE_MESSAGES,
  TRAFFIC_MESSAGES,
  trafficImportBodySchema,
  trafficImportSchema,
  trafficImportStartedSchema,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { idArray, queryRows } from '../../db/client.ts';
import { trafficImports } from '../../db/schema.ts';
import { mappedGoogleProperties } from '../../db/traffic-google.ts';
import { HttpError, validationError } from '../../errors.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { isoTextOrNull } from '../../lists/page.ts';
import { currentUser } from '../../plugins/auth.ts';

/**
 * What Google counted: the GA4 properties and Search Console sites the fleet's grant sees, with
 * the website each one counts for, and the backfills. The discovery and the import ask Google
 * from the pipeline's jobs (pipeline/traffic-import); these routes read what they stored and
 * queue them.
 */

const tags = ['traffic'];

interface ImportRow {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  from_day: string;
  to_day: string;
  website_ids: number[] | null;
  total: number;
  pending: number;
  failed: number;
  message: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

export const trafficGoogleRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, queue },
) => {
  app.get(
    '/api/traffic/google/properties',
    {
      config: { access: 'website-list' },
      schema: {
        summary: 'The GA4 properties and Search Console sites Google shares, with their websites',
        description:
          'As the last daily import or backfill found them (Login with Google connects the account). A property counts for the website whose settings name it (`ga4_property_id`, `search_console_site`), else for the website of its host.',
        tags,
        response: { 200: googlePropertiesAnswerSchema },
      },
    },
    async () =>
      (await mappedGoogleProperties(db)).map((property) => ({
        kind: property.kind,
        id: property.id,
        name: property.name,
        host: property.host,
        website_id: property.website_id,
        last_imported_at: isoTextOrNull(property.last_imported_at),
        last_error: property.last_error,
      })),
  );

  app.post(
    '/api/traffic/import',
    {
      config: { access: 'website-update' },
      schema: {
        summary: 'Import the days of a period from GA4 and Search Console',
        description:
          'A backfill of every website with a property, or of those named, at most 16 months back: a job (202 with its id, whose progress GET /api/traffic/import/{id} gives). Each day replaces what was imported for it before.',
        tags,
        body: trafficImportBodySchema,
        response: { 202: trafficImportStartedSchema },
      },
    },
    async (request, reply) => {
      const { website_ids: websiteIds, from, to } = request.body;
      const importId = await db.transaction(async (tx) => {
        if (websiteIds?.length) {
          const found = await queryRows<{ id: number }>(
            tx,
            sql`SELECT id FROM websites WHERE id = ANY(${idArray(websiteIds)})`,
          );
          if (found.length < new Set(websiteIds).size) {
            throw validationError({ website_ids: TRAFFIC_MESSAGES.websiteUnknown });
          }
        }
        const [created] = await tx
          .insert(trafficImports)
          .values({
            fromDay: from,
            toDay: to,
            websiteIds: websiteIds?.length ? websiteIds : null,
            userId: currentUser(request).userId,
          })
          .returning({ id: trafficImports.id });
        await queue.send(tx, QUEUES.trafficBackfill, [{ importId: created!.id }]);
        return created!.id;
      });
      return reply.status(202).send({ import_id: importId });
    },
  );

  app.get(
    '/api/traffic/import/:id',
    {
      config: { access: 'website-list' },
      schema: {
        summary: "A traffic backfill's progress",
        tags,
        params: idParamSchema,
        response: { 200: trafficImportSchema },
      },
    },
    async (request) => {
      const [row] = await queryRows<ImportRow>(
        db,
        sql`SELECT i.id, i.status, i.from_day::text AS from_day, i.to_day::text AS to_day,
                   i.website_ids, i.total, i.failed, i.message, i.started_at, i.finished_at,
                   (SELECT count(*)::int FROM traffic_google_days d WHERE d.import_id = i.id)
                     AS pending
            FROM traffic_imports i WHERE i.id = ${request.params.id}`,
      );
      if (!row) throw new HttpError(404, TRAFFIC_GOOGLE_MESSAGES.importUnknown);
      return {
        id: row.id,
        status: row.status,
        from: row.from_day,
        to: row.to_day,
        website_ids: row.website_ids,
        total: row.total,
        processed: Math.max(0, row.total - row.pending),
        failed: row.failed,
        message: row.message,
        started_at: isoTextOrNull(row.started_at),
        finished_at: isoTextOrNull(row.finished_at),
      };
    },
  );
};
