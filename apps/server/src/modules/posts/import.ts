import { IMPORT_MESSAGES, IMPORTS, POST_MESSAGES, postFormSchema } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { insertPost } from '../../content/records.ts';
import { syncPostVariants } from '../../content/variants.ts';
import { idArray, queryRows } from '../../db/client.ts';
import { deleteToTrash } from '../../db/trash.ts';
import { type CheckedRow, formError, type Importer, textArray } from '../../lists/import.ts';
import {
  categoryHosts,
  type PublishedBefore,
  readPublishedUrls,
  restorePublishedUrls,
  setPublishedUrls,
  urlOffHosts,
} from './import-urls.ts';
import { type PostFields, savePost } from './service.ts';

/** A row's post, and where its websites published it (`published_urls`, import-urls.ts). */
type PostForm = z.output<typeof postFormSchema> & { published_urls?: string[] };
/** An updated post's fields before, and its variants' URLs before. */
type PostBefore = PostFields & { published_before?: PublishedBefore[] };

const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * A post's category is its `category_id` cell, or else its `category` cell: an id, a slug or a
 * name (the export writes the name).
 */
async function categoryIds(db: Parameters<Importer['check']>[0], references: readonly string[]) {
  const byReference = new Map<string, number>();
  const numbers = references.filter((text) => WHOLE_NUMBER.test(text)).map(Number);
  const words = references.filter((text) => !WHOLE_NUMBER.test(text));
  const found = await queryRows<{ id: number; slug: string; name: string }>(
    db,
    sql`SELECT id, slug, name FROM categories
        WHERE id = ANY(${idArray(numbers)}) OR slug = ANY(${textArray(words)})
           OR name = ANY(${textArray(words)})`,
  );
  // A slug names one category; a name may be shared, and then the first one is taken.
  for (const row of [...found].sort((a, b) => b.id - a.id)) byReference.set(row.name, row.id);
  for (const row of found) {
    byReference.set(row.slug, row.id);
    byReference.set(String(row.id), row.id);
  }
  return byReference;
}

function categoryReference(cells: Record<string, string>) {
  const byId = (cells.category_id ?? '').trim();
  if (byId !== '') return { column: 'category_id', text: byId };
  return { column: 'category', text: (cells.category ?? '').trim() };
}

export const postsImporter: Importer<PostForm> = {
  declaration: IMPORTS.posts,
  table: 'posts',
  trashType: 'posts',
  auditSubject: 'post',

  async check(db, rows) {
    const references = [...new Set(rows.map((row) => categoryReference(row.cells).text))];
    const categories = await categoryIds(
      db,
      references.filter((text) => text !== ''),
    );
    const hostsOf = await categoryHosts(db, [...categories.values()]);
    return rows.map((row): CheckedRow<PostForm> => {
      const { cells } = row;
      const reference = categoryReference(cells);
      const status = cells.status?.trim();
      const input = {
        title: cells.title,
        description: cells.description,
        category_id:
          reference.text === '' ? undefined : (categories.get(reference.text) ?? reference.text),
        ...('content_reference' in cells && { content_reference: cells.content_reference }),
        ...(status !== undefined &&
          status !== '' && { status: WHOLE_NUMBER.test(status) ? Number(status) : status }),
      };
      const checked = formError(postFormSchema, input, (field) =>
        field === 'category_id' ? reference.column : field,
      );
      const unresolved = reference.text !== '' && !categories.has(reference.text);
      if ('error' in checked) {
        const unnamed = unresolved && checked.error.column === 'category';
        return {
          ...row,
          error: unnamed
            ? {
                column: 'category',
                message: IMPORT_MESSAGES.referenceMissing('category', [reference.text]),
              }
            : checked.error,
        };
      }
      const form = checked.form as PostForm;
      if (unresolved) {
        const message =
          reference.column === 'category'
            ? IMPORT_MESSAGES.referenceMissing('category', [reference.text])
            : POST_MESSAGES.categoryMissing;
        return { ...row, error: { column: reference.column, message } };
      }
      const published = readPublishedUrls(cells.published_urls ?? '');
      if ('error' in published) {
        return { ...row, error: { column: 'published_urls', message: published.error } };
      }
      const offHosts = urlOffHosts(published.urls, hostsOf(form.category_id));
      if (offHosts) {
        const message = IMPORT_MESSAGES.publishedUrlHost(offHosts);
        return { ...row, error: { column: 'published_urls', message } };
      }
      return { ...row, id: row.id, form: { ...form, published_urls: published.urls } };
    });
  },

  async write(tx, id, { published_urls: urls = [], ...form }) {
    if (id === null) {
      const created = await insertPost(tx, form);
      await setPublishedUrls(tx, created, urls);
      return { id: created, before: null };
    }
    const fields = await savePost(tx, id, form);
    const before: PostBefore | null = fields && {
      ...fields,
      published_before: await setPublishedUrls(tx, id, urls),
    };
    return { id, before };
  },

  async createMany(tx, forms) {
    const created = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO posts (title, description, content_reference, status, category_id)
          SELECT title, description, content_reference, COALESCE(status, 1), category_id
          FROM jsonb_to_recordset(${JSON.stringify(forms)}::jsonb)
            AS form(title text, description text, content_reference text, status smallint,
                    category_id int)
          RETURNING id`,
    );
    const ids = created.map((row) => row.id);
    await syncPostVariants(tx, sql`p.id = ANY(${idArray(ids)})`);
    for (const [index, id] of ids.entries()) {
      await setPublishedUrls(tx, id, forms[index]!.published_urls ?? []);
    }
    return ids;
  },

  async restore(tx, id, before) {
    const { published_before: published = [], ...fields } = before as PostBefore;
    await savePost(tx, id, fields);
    await restorePublishedUrls(tx, published);
  },

  async remove(tx, ids, deleter) {
    const present = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM posts WHERE id = ANY(${idArray(ids)}) ORDER BY id FOR UPDATE`,
    );
    const found = present.map((row) => row.id);
    if (found.length === 0) return 0;
    return (await deleteToTrash(tx, 'posts', found, deleter)).length;
  },
};
