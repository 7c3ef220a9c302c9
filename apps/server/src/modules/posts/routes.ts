import {
  detailPathSchema,
  POST_MESSAGES,
  pageQuerySchema,
  postDetailListSchema,
  postsResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailRows } from '../../content/detail.ts';
import { POST_KIND } from '../../content/kinds.ts';
import {
  assertCategoryInReach,
  assertRecordInReach,
  assertRecordsInReach,
} from '../../content/record-scope.ts';
import { scopedQuery } from '../../content/scoped-query.ts';
import type { AppContext } from '../../context.ts';
import { listSerializerCompiler } from '../../lib/serializer.ts';
import { currentUser, websiteScope } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  createPost,
  deletePost,
  deletePosts,
  exportPosts,
  listPosts,
  updatePost,
} from './service.ts';

const tags = ['posts'];

export const postsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    postsResource,
    {
      list: (query, request) => listPosts(request.reads, scopedQuery(query, request)),
      export: (query, request) => exportPosts(request.reads, scopedQuery(query, request)),
      create: async (body, request) => {
        await assertCategoryInReach(db, request, body.category_id);
        return createPost(db, body);
      },
      update: async (id, body, request) => {
        await assertRecordInReach(db, request, 'post', id);
        await assertCategoryInReach(db, request, body.category_id);
        return updatePost(db, id, body);
      },
      remove: async (id, request) => {
        await assertRecordInReach(db, request, 'post', id);
        await deletePost(db, currentUser(request), id);
        return { message: POST_MESSAGES.deleted };
      },
      removeMany: async (ids, request) => {
        await assertRecordsInReach(db, request, 'post', ids);
        return {
          message: POST_MESSAGES.bulkDeleted(await deletePosts(db, currentUser(request), ids)),
        };
      },
    },
    { fastList: true, websiteScoped: true },
  );

  app.get(
    '/api/posts/details/:id',
    {
      config: { access: 'post-review', websiteScoped: true },
      schema: {
        summary: "A post's Detailed Review rows",
        tags,
        description: "The post's Detailed Review rows; /details/{id}&page={n} is read too.",
        params: detailPathSchema,
        querystring: pageQuerySchema.partial(),
        response: { 200: postDetailListSchema },
      },
      serializerCompiler: listSerializerCompiler,
    },
    async (request) => {
      const { id, page } = request.params.id;
      await assertRecordInReach(db, request, 'post', id);
      return detailRows(db, POST_KIND, id, {
        page: request.query.page ?? page ?? 1,
        perPage: request.query.per_page,
        path: `/api/posts/details/${id}`,
        scope: websiteScope(request),
      });
    },
  );
};
