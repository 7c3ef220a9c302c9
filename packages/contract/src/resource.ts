import type { z } from 'zod';
import type { Ability, AbilitySubject } from './abilities.ts';

/**
 * A resource's standard routes, declared once: the server's route factory registers them with
 * their access, summaries and answers, the route × role test reads their rows from here, and the
 * web app's query factory reads the list's path, key and answer. Each operation is optional; a
 * resource declares the ones its API has.
 *
 * | operation    | route                          | ability             |
 * |--------------|--------------------------------|---------------------|
 * | `list`       | GET {path}                     | `{subject}-list`    |
 * | `export`     | GET {path}/export (CSV)        | `{subject}-list`    |
 * | `get`        | GET {path}/:id{get.suffix}     | `{subject}-list`    |
 * | `create`     | POST {path} → 201              | `{subject}-create`  |
 * | `update`     | PUT {path}/:id                 | `{subject}-update`  |
 * | `remove`     | DELETE {path}/:id              | `{subject}-delete`  |
 * | `removeMany` | DELETE {path} with `{ ids }`   | `{subject}-delete`  |
 *
 * A declaration with `access` has that ability (or any of those) on every route instead.
 */
export interface ResourceDefinition {
  /** Plural and lower case: the API description's tag and the web app's query key. */
  name: string;
  /** The collection's path; one record is `{path}/:id`. */
  path: `/api/${string}`;
  /** Whose abilities guard the routes; absent: any signed-in user (each call checks the rest). */
  subject?: AbilitySubject;
  /**
   * What guards every standard route in place of the subject's abilities: one permission of no
   * resource (the audit log's `audit-list`), or any one of several (the trash: the delete ability
   * of some type; its service narrows the answer to the types the caller holds).
   */
  access?: Ability | readonly Ability[];
  /**
   * What guards the reading routes (list, export, get) in place of `access`, for a resource
   * that a lower level may read than may change it (channels: `channel-list` and `channel-manage`).
   */
  readAccess?: Ability | readonly Ability[];
  /** For the routes' summaries: 'website' and 'websites'. */
  noun: { one: string; many: string };
  /** GET {path}: the query it reads and the page it answers. */
  list?: {
    query: z.ZodType;
    answer: z.ZodType;
    /** Said under the summary in the API description. */
    description?: string;
    /** The query's filter fields beyond page, search and order, each one search parameter. */
    filters?: readonly string[];
  };
  /** GET {path}/export: the list's query, answered as CSV. */
  export?: true;
  /** GET {path}/:id, or {path}/:id{suffix}. */
  get?: { answer: z.ZodType; suffix?: `/${string}`; description?: string };
  create?: { body: z.ZodType; answer: z.ZodType };
  update?: { body: z.ZodType; answer: z.ZodType };
  /** DELETE {path}/:id; `query` and `body` when the delete takes options. */
  remove?: { answer: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  /** DELETE {path} with the ids. */
  removeMany?: { answer: z.ZodType };
}

/** Keeps a declaration's literal types (its path, its schemas) for the factories that read it. */
export const defineResource = <const Definition extends ResourceDefinition>(
  definition: Definition,
) => definition;

export type StandardOperation =
  | 'list'
  | 'export'
  | 'get'
  | 'create'
  | 'update'
  | 'remove'
  | 'removeMany';

const ABILITY_ACTION = {
  list: 'list',
  export: 'list',
  get: 'list',
  create: 'create',
  update: 'update',
  remove: 'delete',
  removeMany: 'delete',
} as const satisfies Record<StandardOperation, string>;

/** A standard route as the server registers it and the route × role test checks it. */
export interface StandardRoute {
  operation: StandardOperation;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Undefined: any signed-in user; several: any one of them. */
  ability: Ability | readonly Ability[] | undefined;
}

/**
 * The ability a declared operation is guarded by, as its standard route is: the declaration's
 * `readAccess` for a reading route, else its `access`, else `{subject}-{action}`; undefined when the declaration lacks the operation (or
 * leaves it to every signed-in user). The web app's list screens read it for their buttons.
 */
export function operationAbility(
  resource: Pick<ResourceDefinition, 'access' | 'readAccess' | 'subject'> &
    Partial<Record<StandardOperation, unknown>>,
  operation: StandardOperation,
): Ability | readonly Ability[] | undefined {
  if (resource[operation] === undefined) return undefined;
  const reads = ABILITY_ACTION[operation] === 'list';
  return (
    (reads ? resource.readAccess : undefined) ??
    resource.access ??
    (resource.subject ? (`${resource.subject}-${ABILITY_ACTION[operation]}` as Ability) : undefined)
  );
}

/** The standard routes a declaration has, in the order the server registers them. */
export function standardRoutes(resource: ResourceDefinition): StandardRoute[] {
  const one = `${resource.path}/:id`;
  const routes: Record<StandardOperation, Omit<StandardRoute, 'operation' | 'ability'>> = {
    export: { method: 'GET', url: `${resource.path}/export` },
    list: { method: 'GET', url: resource.path },
    get: { method: 'GET', url: `${one}${resource.get?.suffix ?? ''}` },
    create: { method: 'POST', url: resource.path },
    update: { method: 'PUT', url: one },
    remove: { method: 'DELETE', url: one },
    removeMany: { method: 'DELETE', url: resource.path },
  };
  return (Object.keys(routes) as StandardOperation[])
    .filter((operation) => resource[operation] !== undefined)
    .map((operation) => ({
      operation,
      ...routes[operation],
      ability: operationAbility(resource, operation),
    }));
}
