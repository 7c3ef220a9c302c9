import {
  DELIVERY_MESSAGES,
  deliveryAttemptListSchema,
  pageQuerySchema,
  retryAnswerSchema,
  variantParamSchema,
} from '@sitefleet/contract';
import type { AppContext } from '../../context.ts';
import { assertRowExists } from '../../db/ids.ts';
import { validationError } from '../../errors.ts';
import type { ContentApp, ContentRoutesOf } from '../http.ts';
import { deliveryAttemptsPage } from './attempts.ts';
import { retryDeliveries } from './retry.ts';

/** A variant's deliveries in Detailed Review: its attempts, and 'retry now'. */
export function deliveryRoutes(app: ContentApp, of: ContentRoutesOf, context: AppContext) {
  attemptsRoute(app, of, context);
  retryRoute(app, of, context);
}

function attemptsRoute(
  app: ContentApp,
  { kind, path, abilities }: ContentRoutesOf,
  { db }: AppContext,
) {
  app.get(
    `/api/${path}/details/:variantId/deliveries`,
    {
      config: { access: abilities.review },
      schema: {
        summary: "A variant's delivery attempts",
        tags: [path],
        description: 'Every delivery attempt of one variant (a Detailed Review row), newest first.',
        params: variantParamSchema,
        querystring: pageQuerySchema.pick({ page: true, per_page: true }),
        response: { 200: deliveryAttemptListSchema },
      },
    },
    async (request) => {
      const { variantId } = request.params;
      await assertRowExists(db, kind.variants, variantId);
      return deliveryAttemptsPage(db, kind.kind, variantId, {
        page: request.query.page,
        perPage: request.query.per_page,
        path: `/api/${path}/details/${variantId}/deliveries`,
      });
    },
  );
}

function retryRoute(
  app: ContentApp,
  { kind, path, abilities }: ContentRoutesOf,
  context: AppContext,
) {
  app.post(
    `/api/${path}/details/:variantId/retry`,
    {
      config: { access: abilities.act },
      schema: {
        summary: "Retry a variant's failed deliveries now",
        tags: [path],
        description:
          'Queues the failed deliveries of one variant again now (each target whose latest attempt failed).',
        params: variantParamSchema,
        response: { 200: retryAnswerSchema },
      },
    },
    async (request) => {
      const { variantId } = request.params;
      await assertRowExists(context.db, kind.variants, variantId);
      const queued = await retryDeliveries(context, context.queue, kind.kind, [variantId]);
      if (queued === 0) throw validationError({ variantId: DELIVERY_MESSAGES.nothingToRetry });
      return { message: DELIVERY_MESSAGES.retried(queued), queued };
    },
  );
}
