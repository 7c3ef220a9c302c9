import type { Paginated, ResourceDefinition } from '@sitefleet/contract';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from './http.ts';
import { type ListRequest, orderParams, pageParams } from './use-list-params.ts';

/**
 * What the queries read of a resource's declaration: the contract's (websitesResource …), or the
 * web app's own for a list whose routes the contract does not declare (the audit log, the trash).
 * A declaration carries its schemas: only lazily loaded code hands one over, so that the sign-in
 * page and the dashboard load without zod.
 */
export type QueriedResource<Page extends Paginated<unknown> = Paginated<unknown>> = Pick<
  ResourceDefinition,
  'name' | 'path' | 'subject' | 'access' | 'get' | 'create' | 'update' | 'removeMany'
> &
  Partial<Pick<ResourceDefinition, 'noun'>> & {
    list: { answer: z.ZodType<Page>; filters?: readonly string[] };
  };

/** The key every query of a resource starts with, e.g. ['websites']: a change reloads them all. */
export const resourceKey = <N extends string>(resource: { name: N }) => [resource.name] as const;

type Answer<Operation> = Operation extends { answer: infer Schema extends z.ZodType }
  ? z.output<Schema>
  : never;

/** GET {path}/:id{suffix}, where the resource declares it. */
type OneQueries<D extends QueriedResource> = D extends { get: object }
  ? {
      oneKey: (id: number) => readonly [D['name'], 'one', number];
      fetchOne: (id: number) => Promise<Answer<D['get']>>;
    }
  : unknown;

/** POST {path} and PUT {path}/:id, where the resource declares them. */
type SaveCalls<D extends QueriedResource> = (D extends { create: object }
  ? { create: (body: unknown) => Promise<Answer<D['create']>> }
  : unknown) &
  (D extends { update: object }
    ? { update: (id: number, body: unknown) => Promise<Answer<D['update']>> }
    : unknown);

export type ResourceQueries<D extends QueriedResource> = {
  /** Every query of the resource starts with this key, e.g. ['websites']: a change reloads them. */
  key: readonly [D['name']];
  /** Every page of every list of the resource (not its records). */
  listsKey: readonly [D['name'], 'list'];
  listKey: (request: ListRequest<string>) => readonly [D['name'], 'list', ListRequest<string>];
  /** GET {path}?page=&per_page=&query=&{filters}&order_key=&order_dir= */
  fetchList: (request: ListRequest<string>) => Promise<z.output<D['list']['answer']>>;
  /** The list's page; the previous page stays shown while the next one loads. */
  useList: (request: ListRequest<string>) => UseQueryResult<z.output<D['list']['answer']>>;
} & OneQueries<D> &
  SaveCalls<D>;

/** The API's search parameters of a list request; an empty filter is no filter. */
function listSearchParams({ page, perPage, query, sort, filters }: ListRequest<string>) {
  const setFilters = Object.entries(filters).map(([name, value]) => [name, value || undefined]);
  return {
    ...pageParams(page, perPage),
    query: query || undefined,
    ...(Object.fromEntries(setFilters) as Record<string, string | undefined>),
    ...orderParams(sort),
  };
}

/**
 * A resource's queries and calls, read from its declaration: the keys (all under its name, as
 * the invalidations after a save or a delete expect), its list, and where declared one record
 * and its saves, each answer parsed with the declared schema.
 */
export function resourceQueries<const D extends QueriedResource>(resource: D): ResourceQueries<D> {
  const parsed = (operation: { answer: z.ZodType } | undefined, answer: unknown) =>
    operation!.answer.parse(answer);
  const listKey = (request: ListRequest<string>) => [resource.name, 'list', request] as const;
  const fetchList = async (request: ListRequest<string>) =>
    resource.list.answer.parse(await http.get(resource.path, { query: listSearchParams(request) }));
  const queries = {
    key: resourceKey(resource),
    listsKey: [resource.name, 'list'] as const,
    listKey,
    fetchList,
    useList: (request: ListRequest<string>) =>
      useQuery({
        queryKey: listKey(request),
        queryFn: () => fetchList(request),
        placeholderData: keepPreviousData,
      }),
    oneKey: (id: number) => [resource.name, 'one', id] as const,
    fetchOne: async (id: number) =>
      parsed(resource.get, await http.get(`${resource.path}/${id}${resource.get?.suffix ?? ''}`)),
    create: async (body: unknown) => parsed(resource.create, await http.post(resource.path, body)),
    update: async (id: number, body: unknown) =>
      parsed(resource.update, await http.put(`${resource.path}/${id}`, body)),
  };
  // Every call is built; the type offers the ones declared, each with its schema's answer.
  return queries as unknown as ResourceQueries<D>;
}
