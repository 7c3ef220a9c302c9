import {
  hasAbility,
  publishedPathOf,
  publishedUrlAnswerSchema,
  publishedUrlInputSchema,
  TRAFFIC_MESSAGES,
  variantPathSchema,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { recordChange } from '../db/audit.ts';
import { queryRows } from '../db/client.ts';
import { forbidden, notFound } from '../errors.ts';
import { currentUser } from '../plugins/auth.ts';
import { kindOf } from './kinds.ts';

/**
 * Where a variant's website published it, set by hand: a website whose webhook answers no `url`
 * (or the wrong one) still has its page views matched to the post or category by this path.
 */
export const variantPublishedUrlRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.put(
    '/api/variants/:kind/:variant_id/published-url',
    {
      config: { access: ['post-update', 'category-update'] },
      schema: {
        tags: ['traffic'],
        summary: 'Sets the URL a variant was published at, which its page views are matched by',
        params: variantPathSchema,
        body: publishedUrlInputSchema,
        response: { 200: publishedUrlAnswerSchema },
      },
    },
    async (request) => {
      const { kind, variant_id: variantId } = request.params;
      if (!hasAbility(currentUser(request).abilities, `${kind}-update`)) throw forbidden();
      const url = request.body.published_url;
      const path = url === null ? null : publishedPathOf(url);
      const of = kindOf(kind);
      const variants = sql.identifier(of.variants);
      return db.transaction(async (tx) => {
        const [before] = await queryRows<{
          published_url: string | null;
          record_id: number;
          name: string;
          website_id: number;
        }>(
          tx,
          sql`SELECT v.published_url, v.${sql.identifier(of.owner)} AS record_id,
                     r.${sql.identifier(of.nameColumn)} AS name, v.website_id
              FROM ${variants} v
              JOIN ${sql.identifier(of.records)} r ON r.id = v.${sql.identifier(of.owner)}
              WHERE v.id = ${variantId} FOR UPDATE OF v`,
        );
        if (!before) throw notFound();
        await tx.execute(
          sql`UPDATE ${variants} SET published_url = ${url}, published_path = ${path},
                                     updated_at = now()
              WHERE id = ${variantId}`,
        );
        await recordChange(
          tx,
          kind,
          { id: before.record_id, name: before.name },
          { publishedUrl: before.published_url },
          { publishedUrl: url },
          { variant_id: variantId, website_id: before.website_id },
        );
        return {
          message: TRAFFIC_MESSAGES.publishedUrlSaved,
          published_url: url,
          published_path: path,
        };
      });
    },
  );
};
