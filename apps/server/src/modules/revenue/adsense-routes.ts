import {
  ADSENSE_MAX_YEARS,
  adsenseImportBodySchema,
  adsenseImportSchema,
  adsenseImportStartedSchema,
  adsenseStatusSchema,
  idParamSchema,
  REVENUE_MESSAGES,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { revenueImports } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { isoTextOrNull } from '../../lists/page.ts';
import { currentUser } from '../../plugins/auth.ts';

/**
 * AdSense's earnings: an import of a period asked now, its progress, and each website's last
 * import. The import asks Google from the pipeline's jobs (pipeline/revenue-import); these routes
 * queue it and read what it stored.
 */

const tags = ['revenue'];

interface ImportRow {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  from_day: string;
  to_day: string;
  total: number;
  done: number;
  failed: number;
  skipped: number;
  message: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

interface StatusRow {
  website_id: number;
  name: string;
  account: string | null;
  last_imported_at: Date | string | null;
  last_error: string | null;
}

export const adsenseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, queue }) => {
  app.post(
    '/api/revenue/adsense/import',
    {
      config: { access: 'economics-manage' },
      schema: {
        summary: 'Import the days of a period from AdSense',
        description: `Every AdSense account the Google connection (Login with Google) sees, at most ${ADSENSE_MAX_YEARS} years back: a job (202 with its id, whose progress GET /api/revenue/adsense/import/{id} gives). Each day replaces what was imported for it before; a 429 makes the import wait and go on by itself.`,
        tags,
        body: adsenseImportBodySchema,
        response: { 202: adsenseImportStartedSchema },
      },
    },
    async (request, reply) => {
      const importId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(revenueImports)
          .values({
            fromDay: request.body.from,
            toDay: request.body.to,
            userId: currentUser(request).userId,
          })
          .returning({ id: revenueImports.id });
        await queue.send(tx, QUEUES.revenueBackfill, [{ importId: created!.id }]);
        return created!.id;
      });
      return reply.status(202).send({ import_id: importId });
    },
  );

  app.get(
    '/api/revenue/adsense/import/:id',
    {
      config: { access: 'economics-list' },
      schema: {
        summary: "An AdSense import's progress",
        description:
          "In days of an account: `total` is the period's days for each account, `skipped` the report rows of a domain no website has.",
        tags,
        params: idParamSchema,
        response: { 200: adsenseImportSchema },
      },
    },
    async (request) => {
      const [row] = await queryRows<ImportRow>(
        db,
        sql`SELECT id, status, from_day::text AS from_day, to_day::text AS to_day, total, done,
                   failed, skipped, message, started_at, finished_at
            FROM revenue_imports WHERE id = ${request.params.id}`,
      );
      if (!row) throw new HttpError(404, REVENUE_MESSAGES.importUnknown);
      return {
        id: row.id,
        status: row.status,
        from: row.from_day,
        to: row.to_day,
        total: row.total,
        processed: row.done,
        failed: row.failed,
        skipped: row.skipped,
        message: row.message,
        started_at: isoTextOrNull(row.started_at),
        finished_at: isoTextOrNull(row.finished_at),
      };
    },
  );

  app.get(
    '/api/revenue/adsense/status',
    {
      config: { access: 'economics-list' },
      schema: {
        summary: "Each website's last AdSense import",
        description:
          "Every website, by name: the AdSense account whose report names its domain (null until one has), when its days were last imported, and why its account's last import stopped (a rate limit says when it resumes).",
        tags,
        response: { 200: adsenseStatusSchema },
      },
    },
    async () => {
      const rows = await queryRows<StatusRow>(
        db,
        sql`SELECT w.id AS website_id, w.name, a.account, a.last_imported_at, a.last_error
            FROM websites w LEFT JOIN adsense_websites a ON a.website_id = w.id
            ORDER BY w.name, w.id`,
      );
      return rows.map((row) => ({ ...row, last_imported_at: isoTextOrNull(row.last_imported_at) }));
    },
  );
};
