import {
  DELIVERY_MESSAGES,
  deliveryAttemptListSchema,
  pageQuerySchema,
  pivotParamSchema,
  retryAnswerSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { assertVariantExists, deliveryAttemptsPage } from './attempts.ts';
import { retryDeliveries } from './retry.ts';

/** The two kinds of Detailed Review row, with the abilities that read and act on them. */
const KINDS = [
  { kind: 'category', path: 'categories', review: 'category-review', act: 'category-action' },
  { kind: 'post', path: 'posts', review: 'post-review', act: 'post-action' },
] as const;

/** A variant's delivery attempts and 'retry now', for Detailed Review. */
export const publishingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  for (const { kind, path, review, act } of KINDS) {
    app.get(
      `/api/${path}/details/:pivotId/deliveries`,
      {
        config: { access: review },
        schema: {
          tags: [path],
          description:
            'Every delivery attempt of one variant (a Detailed Review row), newest first.',
          params: pivotParamSchema,
          querystring: pageQuerySchema.pick({ page: true, per_page: true }),
          response: { 200: deliveryAttemptListSchema },
        },
      },
      async (request) => {
        const { pivotId } = request.params;
        await assertVariantExists(context.db, kind, pivotId);
        return deliveryAttemptsPage(context.db, kind, pivotId, {
          page: request.query.page,
          perPage: request.query.per_page,
          path: `/api/${path}/details/${pivotId}/deliveries`,
        });
      },
    );

    app.post(
      `/api/${path}/details/:pivotId/retry`,
      {
        config: { access: act },
        schema: {
          tags: [path],
          description:
            'Queues the failed deliveries of one variant again now (each target whose latest attempt failed).',
          params: pivotParamSchema,
          response: { 200: retryAnswerSchema },
        },
      },
      async (request) => {
        const { pivotId } = request.params;
        await assertVariantExists(context.db, kind, pivotId);
        const queued = await retryDeliveries(context, app.queue, kind, [pivotId]);
        if (queued === 0) throw validationError({ pivotId: DELIVERY_MESSAGES.nothingToRetry });
        return { message: DELIVERY_MESSAGES.retried(queued), queued };
      },
    );
  }
};
