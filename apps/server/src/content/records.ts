import {
  CATEGORY_MESSAGES,
  type categoryCreateSchema,
  POST_MESSAGES,
  type postFormSchema,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, idArray, queryRows } from '../db/client.ts';
import { missingIds } from '../db/ids.ts';
import { validationError } from '../errors.ts';
import { syncPostVariants } from './variants.ts';

/**
 * Writing a category or a post with its variants, as the forms, the scheduled AI refresh and the
 * agents' reports all do: the same checks and the same variants, whoever creates the record.
 */

type CategoryCreate = z.output<typeof categoryCreateSchema>;
type PostForm = z.output<typeof postFormSchema>;

// ── Categories ────────────────────────────────────────────────────────────────────────────────

export async function assertFormReferences(
  db: Executor,
  input: { slug: string; websites: number[]; parents: number[] },
  editedId?: number,
) {
  const websites = await missingIds(db, 'websites', input.websites);
  const parents = await missingIds(db, 'categories', input.parents);
  const slugOwners = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM categories WHERE slug = ${input.slug} AND id <> ${editedId ?? 0}`,
  );
  const errors: Record<string, string> = {};
  if (websites.length > 0) errors.websites = CATEGORY_MESSAGES.unknownWebsites(websites);
  if (parents.length > 0) errors.parents = CATEGORY_MESSAGES.unknownParents(parents);
  if (slugOwners.length > 0) errors.slug = CATEGORY_MESSAGES.slugTaken;
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * Gives the category exactly one variant per chosen website (new ones start from the category's
 * description) and its posts one per website too.
 */
export async function syncWebsites(
  db: Executor,
  id: number,
  websites: number[],
  description: string,
) {
  await db.execute(sql`
    DELETE FROM category_variants
    WHERE category_id = ${id} AND website_id <> ALL(${idArray(websites)})`);
  await db.execute(sql`
    INSERT INTO category_variants (category_id, website_id, description)
    SELECT ${id}, website_id, ${description} FROM unnest(${idArray(websites)}) AS chosen(website_id)
    ON CONFLICT (category_id, website_id) DO NOTHING`);
  await syncPostVariants(db, sql`p.category_id = ${id}`);
}

export async function replaceParents(db: Executor, id: number, parents: number[]) {
  await db.execute(sql`DELETE FROM category_parents WHERE category_id = ${id}`);
  if (parents.length === 0) return;
  await db.execute(sql`
    INSERT INTO category_parents (category_id, parent_id)
    SELECT ${id}, parent_id FROM unnest(${idArray(parents)}) AS chosen(parent_id)
    ON CONFLICT DO NOTHING`);
}

/** Creates a category with its parents and one variant per chosen website; answers its id. */
export async function insertCategory(tx: Executor, input: CategoryCreate) {
  await assertFormReferences(tx, input);
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO categories (name, slug, description, type, keywords, created_under_id)
        VALUES (${input.name}, ${input.slug}, ${input.description}, ${input.type},
                ${input.keywords}, ${input.parents[0] ?? null})
        RETURNING id`,
  );
  const id = created!.id;
  await replaceParents(tx, id, input.parents);
  await syncWebsites(tx, id, input.websites, input.description);
  return id;
}

// ── Posts ─────────────────────────────────────────────────────────────────────────────────────

export async function assertCategoryExists(db: Executor, categoryId: number) {
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM categories WHERE id = ${categoryId}`,
  );
  if (!found) throw validationError({ category_id: POST_MESSAGES.categoryMissing });
}

/** Creates a post with one variant per website of its category; answers its id. */
export async function insertPost(tx: Executor, input: PostForm) {
  await assertCategoryExists(tx, input.category_id);
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO posts (title, description, content_reference, status, category_id)
        VALUES (${input.title}, ${input.description}, ${input.content_reference ?? null},
                ${input.status ?? 1}, ${input.category_id})
        RETURNING id`,
  );
  await syncPostVariants(tx, sql`p.id = ${created!.id}`);
  return created!.id;
}
