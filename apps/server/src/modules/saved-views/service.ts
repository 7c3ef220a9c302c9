import {
  hasAbility,
  SAVED_VIEW_LISTS,
  SAVED_VIEW_MESSAGES,
  SAVED_VIEWS_PER_LIST,
  type SavedView,
  type SavedViewList,
} from '@sitefleet/contract';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedViewDefaults, savedViews, users } from '../../db/schema.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import type { AuthContext } from '../../plugins/sessions.ts';

interface ViewFields {
  name: string;
  query: string;
  shared: boolean;
}

/** A view is only as visible as its list: saving or reading one needs the list's ability. */
function assertMaySee(caller: AuthContext, list: SavedViewList) {
  if (!hasAbility(caller.abilities, SAVED_VIEW_LISTS[list])) throw forbidden();
}

/** The caller's own views of a list and those others shared, their default marked. */
export async function listSavedViews(
  db: Db,
  caller: AuthContext,
  list: SavedViewList,
): Promise<SavedView[]> {
  assertMaySee(caller, list);
  const rows = await db
    .select({
      id: savedViews.id,
      name: savedViews.name,
      query: savedViews.query,
      shared: savedViews.shared,
      userId: savedViews.userId,
      ownerName: users.name,
      defaultViewId: savedViewDefaults.viewId,
    })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .leftJoin(
      savedViewDefaults,
      and(
        eq(savedViewDefaults.userId, caller.userId),
        eq(savedViewDefaults.list, list),
        eq(savedViewDefaults.viewId, savedViews.id),
      ),
    )
    .where(
      and(
        eq(savedViews.list, list),
        or(eq(savedViews.userId, caller.userId), eq(savedViews.shared, true)),
      ),
    )
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map((row) => ({
    id: row.id,
    list,
    name: row.name,
    query: row.query,
    shared: row.shared,
    owned: row.userId === caller.userId,
    owner_name: row.ownerName,
    is_default: row.defaultViewId !== null,
  }));
}

async function findView(db: Db, caller: AuthContext, id: number) {
  const [view] = await db.select().from(savedViews).where(eq(savedViews.id, id));
  const visible = view && (view.userId === caller.userId || view.shared);
  if (!visible) throw notFound();
  assertMaySee(caller, view.list as SavedViewList);
  return view;
}

async function ownedView(db: Db, caller: AuthContext, id: number) {
  const view = await findView(db, caller, id);
  if (view.userId !== caller.userId) throw forbidden(SAVED_VIEW_MESSAGES.notOwner);
  return view;
}

async function savedViewById(db: Db, caller: AuthContext, id: number) {
  const view = await findView(db, caller, id);
  const all = await listSavedViews(db, caller, view.list as SavedViewList);
  const found = all.find((candidate) => candidate.id === id);
  if (!found) throw notFound();
  return found;
}

export async function createSavedView(
  db: Db,
  caller: AuthContext,
  input: ViewFields & { list: SavedViewList },
): Promise<SavedView> {
  assertMaySee(caller, input.list);
  const id = await db.transaction(async (tx) => {
    // One user's saves of one list queue here, so that the cap counts every save before this one.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${caller.userId}, hashtext(${input.list}))`);
    const [kept] = await tx
      .select({ count: count() })
      .from(savedViews)
      .where(and(eq(savedViews.userId, caller.userId), eq(savedViews.list, input.list)));
    if ((kept?.count ?? 0) >= SAVED_VIEWS_PER_LIST)
      throw validationError({ name: SAVED_VIEW_MESSAGES.tooMany });
    const [created] = await tx
      .insert(savedViews)
      .values({ userId: caller.userId, ...input })
      .returning({ id: savedViews.id });
    if (!created) throw new Error('The saved view was not inserted');
    return created.id;
  });
  return savedViewById(db, caller, id);
}

export async function updateSavedView(
  db: Db,
  caller: AuthContext,
  id: number,
  input: ViewFields,
): Promise<SavedView> {
  await db.transaction(async (tx) => {
    const view = await ownedView(tx, caller, id);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${caller.userId}, hashtext(${view.list}))`);
    await tx
      .update(savedViews)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(savedViews.id, id));
    // A view no longer shared stops being the default of those who had chosen it.
    if (!input.shared) {
      await tx
        .delete(savedViewDefaults)
        .where(
          and(
            eq(savedViewDefaults.viewId, id),
            sql`${savedViewDefaults.userId} <> ${caller.userId}`,
          ),
        );
    }
  });
  return savedViewById(db, caller, id);
}

export async function deleteSavedView(db: Db, caller: AuthContext, id: number) {
  await ownedView(db, caller, id);
  await db.delete(savedViews).where(eq(savedViews.id, id));
}

export async function setDefaultView(db: Db, caller: AuthContext, id: number) {
  const view = await findView(db, caller, id);
  await db
    .insert(savedViewDefaults)
    .values({ userId: caller.userId, list: view.list, viewId: id })
    .onConflictDoUpdate({
      target: [savedViewDefaults.userId, savedViewDefaults.list],
      set: { viewId: id },
    });
}

export async function clearDefaultView(db: Db, caller: AuthContext, list: SavedViewList) {
  assertMaySee(caller, list);
  await db
    .delete(savedViewDefaults)
    .where(and(eq(savedViewDefaults.userId, caller.userId), eq(savedViewDefaults.list, list)));
}
