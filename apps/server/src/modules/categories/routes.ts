import {
  CATEGORY_MESSAGES,
  categoriesResource,
  categoryDetailListSchema,
  categoryOptionsQuerySchema,
  categoryOptionsSchema,
  detailPathSchema,
  hasAbility,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailRows } from '../../content/detail.ts';
import { CATEGORY_KIND } from '../../content/kinds.ts';
import {
  assertMoveTargetInReach,
  assertRecordInReach,
  assertWebsitesInReach,
} from '../../content/record-scope.ts';
import { scopedQuery } from '../../content/scoped-query.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { currentUser, websiteScope } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  categoryOptions,
  categoryRow,
  createCategory,
  deleteCategory,
  exportCategories,
  listCategories,
  updateCategory,
} from './service.ts';

const tags = ['categories'];

export const categoriesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    categoriesResource,
    {
      list: (query, request) => listCategories(request.reads, scopedQuery(query, request)),
      export: (query, request) => exportCategories(request.reads, scopedQuery(query, request)),
      get: (id, request) => categoryRow(db, id, websiteScope(request)),
      create: (body, request) => {
        assertWebsitesInReach(request, body.websites);
        return createCategory(db, body);
      },
      update: async (id, body, request) => {
        await assertRecordInReach(db, request, 'category', id);
        assertWebsitesInReach(request, body.websites);
        return updateCategory(db, id, body);
      },
      remove: async (id, request, options) => {
        const moveTo = options.body?.move_to ?? options.query.move_to;
        await assertRecordInReach(db, request, 'category', id);
        if (moveTo !== undefined) await assertMoveTargetInReach(db, request, moveTo);
        await deleteCategory(db, currentUser(request), id, moveTo);
        return { message: CATEGORY_MESSAGES.deleted };
      },
    },
    { fastList: true, websiteScoped: true },
  );

  app.get(
    '/api/categories/details/:id',
    {
      config: { access: 'category-list', websiteScoped: true },
      schema: {
        summary: "A category's Detailed Review rows",
        tags,
        description:
          'Without page: options for the form (id 0 = all categories, else its sub-categories). ' +
          'With page (also as /details/{id}&page={n}): the Detailed Review rows (category-review).',
        params: detailPathSchema,
        querystring: categoryOptionsQuerySchema,
        response: { 200: z.union([categoryDetailListSchema, categoryOptionsSchema]) },
      },
    },
    async (request) => {
      const { id, page: pageInPath } = request.params.id;
      const page = request.query.page ?? pageInPath;
      const scope = websiteScope(request);
      if (id !== 0) await assertRecordInReach(db, request, 'category', id);
      if (page === undefined) return categoryOptions(db, id, request.query.query, scope);
      if (!hasAbility(currentUser(request).abilities, 'category-review')) throw forbidden();
      return detailRows(db, CATEGORY_KIND, id, {
        page,
        perPage: request.query.per_page,
        path: `/api/categories/details/${id}`,
        scope,
      });
    },
  );
};
