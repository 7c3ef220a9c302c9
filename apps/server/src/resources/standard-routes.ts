import {
  idParamSchema,
  idsSchema,
  type ResourceDefinition,
  type StandardOperation,
  type StandardRoute,
  standardRoutes,
} from '@sitefleet/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { listSerializerCompiler } from '../lib/serializer.ts';
import { CSV_DOWNLOAD, type CsvExport, exportRouteSchema, sendCsv } from '../lists/export.ts';
import { JsonRowsPage } from '../lists/page.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a standard route was made from: the route × role test reads its rows. */
    resource?: ResourceDefinition;
  }
}

type Awaitable<T> = T | Promise<T>;
/** What a handler receives: the parsed input. */
type In<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What a handler answers: anything the answer's schema accepts. */
type Out<S> = S extends z.ZodType ? z.input<S> : never;

/** The handler each standard operation of a declaration takes, from the declaration's schemas. */
interface HandlerOf<R extends ResourceDefinition> {
  list: R extends { list: { query: infer Q; answer: infer A } }
    ? (query: In<Q>, request: FastifyRequest) => Awaitable<Out<A> | JsonRowsPage>
    : never;
  export: R extends { list: { query: infer Q } }
    ? (query: In<Q>, request: FastifyRequest) => Awaitable<CsvExport<unknown>>
    : never;
  get: R extends { get: { answer: infer A } }
    ? (id: number, request: FastifyRequest) => Awaitable<Out<A>>
    : never;
  create: R extends { create: { body: infer B; answer: infer A } }
    ? (body: In<B>, request: FastifyRequest) => Awaitable<Out<A>>
    : never;
  update: R extends { update: { body: infer B; answer: infer A } }
    ? (id: number, body: In<B>, request: FastifyRequest) => Awaitable<Out<A>>
    : never;
  remove: R extends { remove: { answer: infer A } }
    ? (
        id: number,
        request: FastifyRequest,
        options: {
          query: R extends { remove: { query: infer Q } } ? In<Q> : undefined;
          body: R extends { remove: { body: infer B } } ? In<B> : undefined;
        },
      ) => Awaitable<Out<A>>
    : never;
  removeMany: R extends { removeMany: { answer: infer A } }
    ? (ids: number[], request: FastifyRequest) => Awaitable<Out<A>>
    : never;
}

/** One handler for each operation the declaration has, and none for the others. */
export type StandardHandlers<R extends ResourceDefinition> = {
  [K in StandardOperation & keyof R]: HandlerOf<R>[K];
};

export interface StandardRouteOptions {
  /** Summaries that say more than the standard ones ('List websites', 'Create a website'…). */
  summaries?: Partial<Record<StandardOperation, string>>;
  /** Answers that show a secret once (a token): no cache may keep a copy. */
  noStore?: readonly StandardOperation[];
  /**
   * The list answers a big page whose rows it has shaped itself: serialized straight from its
   * schema (see listSerializerCompiler) instead of through a checked copy.
   */
  fastList?: boolean;
  /** A signed-in session only may call the routes, never an API token. */
  sessionOnly?: true;
  /**
   * The routes (all, or these operations) narrow to the websites of an API token limited to
   * some; the others refuse such a token.
   */
  websiteScoped?: true | readonly StandardOperation[];
}

const article = (noun: string) => (/^[aeio]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

function standardSummary(resource: ResourceDefinition, operation: StandardOperation) {
  const { one, many } = resource.noun;
  return {
    list: `List ${many}`,
    export: `Export the ${many} list as CSV`,
    get: `One ${one}`,
    create: `Create ${article(one)}`,
    update: `Update ${article(one)}`,
    remove: `Delete ${article(one)}`,
    removeMany: `Delete several ${many}`,
  }[operation];
}

/** The route's schema: what it reads, what it answers, and how the API description names it. */
function routeSchema(resource: ResourceDefinition, route: StandardRoute, summary: string) {
  // Fastify warns about a schema key present but empty: a part the route does not read is left out.
  const schema: Record<string, unknown> = routeSchemaParts(resource, route, summary);
  return Object.fromEntries(Object.entries(schema).filter(([, part]) => part !== undefined));
}

function routeSchemaParts(resource: ResourceDefinition, route: StandardRoute, summary: string) {
  const tags = [resource.name];
  const base = { summary, tags };
  switch (route.operation) {
    case 'list':
      return {
        ...base,
        description: resource.list?.description,
        querystring: resource.list?.query,
        response: { 200: resource.list?.answer },
      };
    case 'export':
      return { ...exportRouteSchema(tags, resource.name, resource.list!.query), summary };
    case 'get':
      return {
        ...base,
        description: resource.get?.description,
        params: idParamSchema,
        response: { 200: resource.get?.answer },
      };
    case 'create':
      return { ...base, body: resource.create?.body, response: { 201: resource.create?.answer } };
    case 'update':
      return {
        ...base,
        params: idParamSchema,
        body: resource.update?.body,
        response: { 200: resource.update?.answer },
      };
    case 'remove':
      return {
        ...base,
        params: idParamSchema,
        querystring: resource.remove?.query,
        body: resource.remove?.body,
        response: { 200: resource.remove?.answer },
      };
    case 'removeMany':
      return { ...base, body: idsSchema, response: { 200: resource.removeMany?.answer } };
  }
}

type Request = FastifyRequest<{
  Params: { id: number };
  Querystring: unknown;
  Body: { ids: number[] } & unknown;
}>;

/** Calls the operation's handler with what the route read, and answers as the route does. */
function answer(handlers: Record<string, unknown>, operation: StandardOperation) {
  const handler = handlers[operation] as (...args: unknown[]) => unknown;
  return async (request: Request, reply: FastifyReply) => {
    switch (operation) {
      case 'list': {
        const page = await handler(request.query, request);
        if (!(page instanceof JsonRowsPage)) return page;
        return reply
          .type('application/json; charset=utf-8')
          .send(page.text((payload) => String(reply.serialize(payload))));
      }
      case 'export':
        return sendCsv(reply, (await handler(request.query, request)) as CsvExport<unknown>);
      case 'get':
        return handler(request.params.id, request);
      case 'create':
        return reply.status(201).send(await handler(request.body, request));
      case 'update':
        return handler(request.params.id, request.body, request);
      case 'remove':
        return handler(request.params.id, request, { query: request.query, body: request.body });
      case 'removeMany':
        return handler(request.body.ids, request);
    }
  };
}

/** An answer that shows a secret once (a token): no cache may keep a copy. */
const NO_STORE = 'no-store';

/**
 * POST {url}, a route of one record (`:id`), that gives the record a new secret and answers it:
 * the only time it is shown (a website's webhook secret, an instance's agent token).
 */
export function registerSecretRotation<A extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  route: {
    access: NonNullable<FastifyContextConfig['access']>;
    /** A token limited to websites may call it: the route narrows to them. */
    websiteScoped?: boolean;
    summary: string;
    tags: string[];
    answer: A;
    rotate: (id: number) => Promise<z.input<A>>;
  },
) {
  app.route({
    method: 'POST',
    url,
    config: { access: route.access, websiteScoped: route.websiteScoped },
    schema: {
      summary: route.summary,
      tags: route.tags,
      params: idParamSchema,
      response: { 200: route.answer },
    },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      reply.header('cache-control', NO_STORE);
      return route.rotate(request.params.id);
    },
  } as RouteOptions);
}

/**
 * Registers a declared resource's standard routes (see the contract's `defineResource`), each
 * guarded by its ability, with its summary, input and answer in the API description. A module's
 * own routes (settings of a website, a role's permissions…) sit beside this call.
 */
export function registerStandardRoutes<const R extends ResourceDefinition>(
  app: FastifyInstance,
  resource: R,
  handlers: StandardHandlers<R>,
  options: StandardRouteOptions = {},
) {
  for (const route of standardRoutes(resource)) {
    const summary =
      options.summaries?.[route.operation] ?? standardSummary(resource, route.operation);
    const handle = answer(handlers as Record<string, unknown>, route.operation);
    const noStore = options.noStore?.includes(route.operation);
    app.route({
      method: route.method,
      url: route.url,
      config: {
        sessionOnly: options.sessionOnly,
        websiteScoped:
          options.websiteScoped === true || options.websiteScoped?.includes(route.operation),
        resource,
        access: route.ability ?? 'signed-in',
        // A list's page and its export may read a moment behind the primary (the read replica).
        replicaReads: route.operation === 'list' || route.operation === 'export',
        ...(route.operation === 'export' ? CSV_DOWNLOAD : {}),
      },
      schema: routeSchema(resource, route, summary),
      ...(route.operation === 'list' && options.fastList
        ? { serializerCompiler: listSerializerCompiler }
        : {}),
      handler: async (request: Request, reply: FastifyReply) => {
        if (noStore) reply.header('cache-control', NO_STORE);
        return handle(request, reply);
      },
    } as RouteOptions);
  }
}
