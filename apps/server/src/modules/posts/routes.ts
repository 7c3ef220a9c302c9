import {
  detailPathSchema,
  idParamSchema,
  messageSchema,
  POST_MESSAGES,
  pageQuerySchema,
  postBulkDeleteSchema,
  postDetailListSchema,
  postFormSchema,
  postListQuerySchema,
  postListSchema,
  postRowSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listSerializerCompiler } from '../../lib/serializer.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { currentUser } from '../../plugins/auth.ts';
import { POST_KIND } from '../content/kinds.ts';
import { detailRows } from '../content/review.ts';
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
  app.get(
    '/api/posts',
    {
      config: { access: 'post-list' },
      schema: {
        summary: 'List posts',
        tags,
        querystring: postListQuerySchema,
        response: { 200: postListSchema },
      },
      serializerCompiler: listSerializerCompiler,
    },
    (request) => listPosts(db, request.query),
  );

  app.get(
    '/api/posts/export',
    {
      config: { access: 'post-list' },
      schema: exportRouteSchema(tags, 'posts', postListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportPosts(db, request.query)),
  );

  app.post(
    '/api/posts',
    {
      config: { access: 'post-create' },
      schema: {
        summary: 'Create a post',
        tags,
        body: postFormSchema,
        response: { 201: postRowSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createPost(db, request.body)),
  );

  app.put(
    '/api/posts/:id',
    {
      config: { access: 'post-update' },
      schema: {
        summary: 'Update a post',
        tags,
        params: idParamSchema,
        body: postFormSchema,
        response: { 200: postRowSchema },
      },
    },
    (request) => updatePost(db, request.params.id, request.body),
  );

  app.delete(
    '/api/posts/:id',
    {
      config: { access: 'post-delete' },
      schema: {
        summary: 'Delete a post',
        tags,
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deletePost(db, currentUser(request), request.params.id);
      return { message: POST_MESSAGES.deleted };
    },
  );

  app.delete(
    '/api/posts',
    {
      config: { access: 'post-delete' },
      schema: {
        summary: 'Delete several posts',
        tags,
        body: postBulkDeleteSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => ({
      message: POST_MESSAGES.bulkDeleted(
        await deletePosts(db, currentUser(request), request.body.ids),
      ),
    }),
  );

  app.get(
    '/api/posts/details/:id',
    {
      config: { access: 'post-review' },
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
    (request) => {
      const { id, page } = request.params.id;
      return detailRows(db, POST_KIND, id, {
        page: request.query.page ?? page ?? 1,
        perPage: request.query.per_page,
        path: `/api/posts/details/${id}`,
      });
    },
  );
};
