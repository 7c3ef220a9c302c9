import {
  CATEGORY_MESSAGES,
  categoryCreateSchema,
  categoryDeleteSchema,
  categoryDetailListSchema,
  categoryListQuerySchema,
  categoryListSchema,
  categoryOptionsQuerySchema,
  categoryOptionsSchema,
  categoryRowSchema,
  categoryUpdateSchema,
  detailPathSchema,
  hasAbility,
  idParamSchema,
  messageSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { listSerializerCompiler } from '../../lib/serializer.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { currentUser } from '../../plugins/auth.ts';
import { CATEGORY_KIND } from '../content/kinds.ts';
import { detailRows } from '../content/review.ts';
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
  app.get(
    '/api/categories',
    {
      config: { access: 'category-list' },
      schema: {
        summary: 'List categories',
        tags,
        querystring: categoryListQuerySchema,
        response: { 200: categoryListSchema },
      },
      serializerCompiler: listSerializerCompiler,
    },
    (request) => listCategories(db, request.query),
  );

  app.get(
    '/api/categories/export',
    {
      config: { access: 'category-list' },
      schema: exportRouteSchema(tags, 'categories', categoryListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportCategories(db, request.query)),
  );

  app.post(
    '/api/categories',
    {
      config: { access: 'category-create' },
      schema: {
        summary: 'Create a category',
        tags,
        body: categoryCreateSchema,
        response: { 201: categoryRowSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(db, request.body)),
  );

  app.get(
    '/api/categories/:id',
    {
      config: { access: 'category-list' },
      schema: {
        summary: 'One category',
        tags,
        description: 'One category with every website and parent (a list row carries 25 of each).',
        params: idParamSchema,
        response: { 200: categoryRowSchema },
      },
    },
    (request) => categoryRow(db, request.params.id),
  );

  app.put(
    '/api/categories/:id',
    {
      config: { access: 'category-update' },
      schema: {
        summary: 'Update a category',
        tags,
        params: idParamSchema,
        body: categoryUpdateSchema,
        response: { 200: categoryRowSchema },
      },
    },
    (request) => updateCategory(db, request.params.id, request.body),
  );

  app.delete(
    '/api/categories/:id',
    {
      config: { access: 'category-delete' },
      schema: {
        summary: 'Delete a category',
        tags,
        params: idParamSchema,
        querystring: categoryDeleteSchema,
        body: categoryDeleteSchema.nullish(),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const moveTo = request.body?.move_to ?? request.query.move_to;
      await deleteCategory(db, currentUser(request), request.params.id, moveTo);
      return { message: CATEGORY_MESSAGES.deleted };
    },
  );

  app.get(
    '/api/categories/details/:id',
    {
      config: { access: 'category-list' },
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
      if (page === undefined) return categoryOptions(db, id, request.query.query);
      if (!hasAbility(currentUser(request).abilities, 'category-review')) throw forbidden();
      return detailRows(db, CATEGORY_KIND, id, {
        page,
        perPage: request.query.per_page,
        path: `/api/categories/details/${id}`,
      });
    },
  );
};
