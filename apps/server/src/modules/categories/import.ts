import {
  categoryCreateSchema,
  categoryUpdateSchema,
  IMPORT_MESSAGES,
  IMPORTS,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertFormReferences, insertCategory } from '../../content/records.ts';
import { type Executor, idArray, queryRows } from '../../db/client.ts';
import { deleteToTrash } from '../../db/trash.ts';
import { HttpError } from '../../errors.ts';
import {
  type CheckedRow,
  formError,
  type Importer,
  listCell,
  textArray,
} from '../../lists/import.ts';
import { type CategoryFields, saveCategory } from './service.ts';

type CategoryForm = z.output<typeof categoryCreateSchema> | z.output<typeof categoryUpdateSchema>;

const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * The ids of the names a batch gives (the export writes a category's websites and parents by
 * name, joined with "; "): an id, or a name (a category's slug too). One query per table.
 */
async function idsByName(db: Executor, table: 'websites' | 'categories', names: string[]) {
  const numbers = names.filter((name) => WHOLE_NUMBER.test(name)).map(Number);
  const words = names.filter((name) => !WHOLE_NUMBER.test(name));
  const slug = table === 'categories' ? sql`OR slug = ANY(${textArray(words)})` : sql``;
  const found = await queryRows<{ id: number; name: string; slug?: string }>(
    db,
    sql`SELECT id, name ${table === 'categories' ? sql`, slug` : sql``}
        FROM ${sql.identifier(table)}
        WHERE id = ANY(${idArray(numbers)}) OR name = ANY(${textArray(words)}) ${slug}
        ORDER BY id DESC`,
  );
  const byName = new Map<string, number>();
  // A name two records share is read as the oldest's.
  for (const row of found) {
    byName.set(row.name, row.id);
    if (row.slug) byName.set(row.slug, row.id);
  }
  for (const row of found) byName.set(String(row.id), row.id);
  return byName;
}

export const categoriesImporter: Importer<CategoryForm> = {
  declaration: IMPORTS.categories,
  table: 'categories',
  trashType: 'categories',
  auditSubject: 'category',

  async check(db, rows) {
    const named = (column: string) => [
      ...new Set(rows.flatMap((row) => listCell(row.cells[column]))),
    ];
    const websites = await idsByName(db, 'websites', named('websites'));
    const parents = await idsByName(db, 'categories', named('parents'));
    const checked: CheckedRow<CategoryForm>[] = [];
    for (const row of rows) {
      const { cells } = row;
      const unknown = (column: string, ids: Map<string, number>, noun: string) => {
        const missing = listCell(cells[column]).filter((name) => !ids.has(name));
        return missing.length > 0
          ? { column, message: IMPORT_MESSAGES.referenceMissing(noun, missing) }
          : undefined;
      };
      const referenceError =
        unknown('websites', websites, 'website') ?? unknown('parents', parents, 'category');
      const input = {
        name: cells.name,
        slug: cells.slug,
        description: cells.description,
        keywords: cells.keywords,
        ...(cells.type?.trim() && { type: cells.type.trim() }),
        websites: listCell(cells.websites).flatMap((name) => websites.get(name) ?? []),
        parents: listCell(cells.parents).flatMap((name) => parents.get(name) ?? []),
        ...(row.id !== null && {
          status: cells.status,
          auto_google_sync: cells.auto_google_sync,
          is_approved: cells.is_approved,
        }),
      };
      const schema = row.id === null ? categoryCreateSchema : categoryUpdateSchema;
      const result = formError(schema, input);
      const error = referenceError ?? ('error' in result ? result.error : undefined);
      if (error) {
        checked.push({ ...row, error });
        continue;
      }
      const form = (result as { form: CategoryForm }).form;
      try {
        await assertFormReferences(db, form, row.id ?? undefined);
        checked.push({ ...row, id: row.id, form });
      } catch (refused) {
        if (!(refused instanceof HttpError)) throw refused;
        const [column, messages] = Object.entries(refused.errors ?? {})[0]!;
        checked.push({ ...row, error: { column, message: messages[0]! } });
      }
    }
    return checked;
  },

  async write(tx, id, form) {
    if (id === null) return { id: await insertCategory(tx, form), before: null };
    return { id, before: await saveCategory(tx, id, form as CategoryFields) };
  },

  async restore(tx, id, before) {
    await saveCategory(tx, id, before as CategoryFields);
  },

  /** A category that has posts since (imported into it later) stays: it cannot go alone. */
  async remove(tx, ids, deleter) {
    const free = (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT c.id FROM categories c
            WHERE c.id = ANY(${idArray(ids)})
              AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.category_id = c.id)
            ORDER BY c.id FOR UPDATE`,
      )
    ).map((row) => row.id);
    if (free.length === 0) return 0;
    return (await deleteToTrash(tx, 'categories', free, deleter)).length;
  },
};
