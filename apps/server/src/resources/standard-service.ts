import {
  type AuditSubjectType,
  type OrderDirection,
  RESOURCE_NAMES,
  type ResourceDefinition,
  type ResourceFacts,
  type StandardOperation,
  type TrashType,
} from '@sitefleet/contract';
import { count, eq, type GetColumnData, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { recordBulkAction, recordChange } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { assertIdsExist } from '../db/ids.ts';
import { deleteToTrash } from '../db/trash.ts';
import { notFound } from '../errors.ts';
import { columnOrder, listExport } from '../lists/export.ts';
import { listOrder, type PageRequest, pageOf } from '../lists/page.ts';
import { searchCondition } from '../lists/search.ts';
import { currentUser } from '../plugins/auth.ts';
import { registerStandardRoutes, type StandardHandlers } from './standard-routes.ts';

/**
 * The service of a plain resource: a table whose rows the declaration's routes list (searched,
 * sorted, paged and exported), read, create, update and delete, each change with its audit entry
 * and each delete through the trash (its RESOURCE_NAMES entry says `trash: true`). A resource that
 * needs more takes these handlers and replaces the ones that differ.
 */

/** A row of `columns` as the database answers it. */
type RowOf<C extends Record<string, PgColumn>> = { [K in keyof C]: GetColumnData<C[K]> };

type OrderKeyOf<R> = R extends { list: { query: z.ZodType<{ order_key: infer K }> } }
  ? K & string
  : never;
type BodyOf<R> = R extends { create: { body: infer B extends z.ZodType } } ? z.output<B> : never;

type Table = PgTable & { id: PgColumn };

export interface PlainResource<
  R extends ResourceDefinition,
  C extends Record<string, PgColumn>,
  T extends Table = Table,
> {
  declaration: R;
  table: T;
  /** The columns an answer shows, by the answer's names (never a secret or its hash). */
  columns: C;
  /** The columns the list's search term is looked for in (each with its trigram index). */
  search: PgColumn[];
  /** The list's order keys and their columns. */
  order: Record<OrderKeyOf<R>, PgColumn>;
  /** The table's values for the form's fields (create and update). */
  values: (body: BodyOf<R>) => T['$inferInsert'];
  /** What the audit log and the trash call a record; its `name` column by default. */
  name?: (row: RowOf<C>) => string;
  /** The delete's answer, for one record or several. */
  deleted: (count: number) => string;
}

/** Keeps a plain resource's column types for its functions (values, name). */
export const plainResource = <
  const R extends ResourceDefinition,
  const C extends Record<string, PgColumn>,
  T extends Table,
>(
  spec: PlainResource<R, C, T>,
) => spec;

/** A row as the API answers it: its dates as ISO text, the rest as read. */
const answer = (row: object) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );

/** The list answer's row schema (a paginatedSchema's `data` items): the export's columns. */
function listRowSchema(declaration: ResourceDefinition): z.ZodObject {
  const data = (declaration.list?.answer as z.ZodObject | undefined)?.shape.data;
  if (!(data instanceof z.ZodArray) || !(data.element instanceof z.ZodObject)) {
    throw new Error(`${declaration.name}: a plain resource's list answers a page of objects`);
  }
  return data.element;
}

/** The list query a plain resource reads: the search term, the page and the order. */
type ListQuery = PageRequest & { query?: string; order_key: string; order_dir: OrderDirection };

export function plainHandlers<
  const R extends ResourceDefinition,
  const C extends Record<string, PgColumn>,
  T extends Table,
>(db: Db, spec: PlainResource<R, C, T>): StandardHandlers<R> {
  const { declaration } = spec;
  // Read and written as a plain table: each answer's shape is checked against the declaration.
  const table: Table = spec.table;
  const facts: ResourceFacts = RESOURCE_NAMES[declaration.name as keyof typeof RESOURCE_NAMES];
  if (!facts?.trash) {
    throw new Error(`${declaration.name}: a plain resource is in RESOURCE_NAMES, with its trash`);
  }
  const trashType = declaration.name as TrashType;
  const subjectType = facts.one as AuditSubjectType;
  const nameOf = spec.name ?? ((row: RowOf<C>) => String((row as { name?: unknown }).name));
  type Row = RowOf<C> & { id: number };
  const subject = (row: Row) => ({ id: row.id, name: nameOf(row) });
  const selected: Record<string, PgColumn> = { id: table.id, ...spec.columns };
  const order = spec.order as Record<string, PgColumn>;
  const select = (executor: Db) => executor.select(selected).from(table);
  const where = (query: ListQuery) => searchCondition(query.query, spec.search);

  /** The record, locked for the caller's transaction; a 404 when there is none. */
  const locked = async (tx: Db, id: number) => {
    const [row] = await select(tx).where(eq(table.id, id)).for('update');
    if (!row) throw notFound();
    return row as Row;
  };
  // A record's last change, when its table keeps one (the schema's `updatedAt()`).
  const touched = 'updatedAt' in table ? { updatedAt: new Date() } : {};

  const handlers: Record<StandardOperation, unknown> = {
    list: (query: ListQuery, request: FastifyRequest) =>
      pageOf(query, declaration.path, {
        rows: async (limit, offset) =>
          (
            await select(request.reads)
              .where(where(query))
              .orderBy(...listOrder(query, order, table.id))
              .limit(limit)
              .offset(offset)
          ).map(answer),
        count: async () =>
          (await request.reads.select({ total: count() }).from(table).where(where(query)))[0]!
            .total,
      }),
    export: (query: ListQuery, request: FastifyRequest) =>
      listExport(request.reads, {
        resource: declaration.name,
        row: listRowSchema(declaration),
        fromWhere: sql`FROM ${table} WHERE ${where(query) ?? sql`TRUE`}`,
        order: columnOrder(query, order, table.id),
        shape: async (ids) =>
          (await select(request.reads).where(inArray(table.id, ids))).map(
            (row) => answer(row) as { id: number },
          ),
      }),
    get: async (id: number) => {
      const [row] = await select(db).where(eq(table.id, id));
      if (!row) throw notFound();
      return answer(row);
    },
    create: (body: BodyOf<R>) =>
      db.transaction(async (tx) => {
        const [created] = await tx
          .insert(table)
          .values(spec.values(body) as never)
          .returning(selected);
        await recordChange(tx, subjectType, subject(created as Row), null, created!);
        return answer(created!);
      }),
    update: (id: number, body: BodyOf<R>) =>
      db.transaction(async (tx) => {
        const before = await locked(tx, id);
        const [updated] = await tx
          .update(table)
          .set({ ...spec.values(body), ...touched } as never)
          .where(eq(table.id, id))
          .returning(selected);
        await recordChange(tx, subjectType, subject(updated as Row), before, updated!);
        return answer(updated!);
      }),
    remove: (id: number, request: FastifyRequest) =>
      db.transaction(async (tx) => {
        const deleted = await locked(tx, id);
        await deleteToTrash(tx, trashType, id, currentUser(request));
        await recordChange(tx, subjectType, subject(deleted), deleted, null);
        return { message: spec.deleted(1) };
      }),
    removeMany: (ids: number[], request: FastifyRequest) =>
      db.transaction(async (tx) => {
        const unique = await assertIdsExist(tx, trashType, ids);
        const deleted = await deleteToTrash(tx, trashType, unique, currentUser(request));
        await recordBulkAction(tx, subjectType, 'delete', deleted);
        return { message: spec.deleted(deleted.length) };
      }),
  };
  return handlers as StandardHandlers<R>;
}

/**
 * A plain resource's routes as one route plugin, every standard route served by `plainHandlers`:
 * the server's list of route plugins takes it with the resource's spec, so that a plain resource
 * needs no module of its own.
 */
export const plainResourceRoutes =
  <const R extends ResourceDefinition, const C extends Record<string, PgColumn>, T extends Table>(
    spec: PlainResource<R, C, T>,
  ): FastifyPluginAsyncZod<AppContext> =>
  async (app, { db }) => {
    registerStandardRoutes(app, spec.declaration, plainHandlers(db, spec));
  };
