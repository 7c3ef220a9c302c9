import { DEFAULT_PER_PAGE } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, idArray, queryRows } from '../db/client.ts';
import { listExport } from './export.ts';
import { estimatedPage, findingCost, inPageOrder, isoText, listPage } from './page.ts';
import type { RowsOf } from './rows.ts';

/**
 * A log: a table only ever appended to, aliased `a`, whose ids grow with time, so that newest
 * first is the id's order and every filter walks its own index and stops after the page. The
 * audit log and the delivery attempts are read this way.
 */
export interface LogList {
  /** The list's name: its export's file and its cached estimate. */
  resource: string;
  /** The list's address, for the page's links. */
  path: string;
  /** `FROM <table> a`. */
  from: SQL;
  row: z.ZodObject;
  /** Selects the answer's rows whose id is in `ids`, with `created_at` as a date or text. */
  rowsOf: RowsOf;
}

type LogRecord<T> = Omit<T, 'created_at'> & { id: number; created_at: Date | string };

const shape = <T extends { created_at: string }>(record: LogRecord<T>) =>
  ({ ...record, created_at: isoText(record.created_at) }) as unknown as T;

/** One page of the log, newest first, narrowed by `where` (the query's filters, over `a`). */
export async function logPage<T extends { created_at: string }>(
  db: Db,
  log: LogList,
  where: SQL,
  query: { page: number; per_page?: number; query: string; website_id?: number },
  filters: unknown[],
) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = await listPage<LogRecord<T>>(
    db,
    {
      fromWhere: sql`${log.from} WHERE ${where}`,
      idColumn: sql`a.id`,
      orderBy: sql`a.id DESC`,
      page: query.page,
      perPage,
      ...findingCost(query),
      cacheKey: JSON.stringify([log.resource, query.query, ...filters]),
    },
    log.rowsOf,
  );
  return estimatedPage(
    inPageOrder(page.ids, page.records, shape<T>),
    { page: query.page, perPage, path: log.path },
    page,
  );
}

/** Every entry of the log that `where` finds, newest first as the list shows them, as CSV. */
export function logExport<T extends { created_at: string }>(db: Db, log: LogList, where: SQL) {
  return listExport<T>(db, {
    resource: log.resource,
    row: log.row,
    fromWhere: sql`${log.from} WHERE ${where}`,
    order: { key: sql`a.id`, id: sql`a.id`, direction: 'desc' },
    shape: async (ids) =>
      (await queryRows<LogRecord<T>>(db, log.rowsOf(idArray(ids)))).map(shape<T>) as (T & {
        id: number;
      })[],
  });
}
