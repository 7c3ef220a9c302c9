import { z } from 'zod';
import { ASSIGNEE_ME } from './content-actions.ts';
import { messageSchema } from './errors.ts';
import { FIELD_MESSAGES, requiredText, WITHOUT_NUL } from './fields.ts';
import { defineResource } from './resource.ts';
import { RESOURCE_NAMES, savedViewListsOf } from './resource-names.ts';

/**
 * Saved views: a list's URL state (filters, search, sort, page size, columns) kept under a name,
 * for its owner or shared with everyone, one of which can be the user's default for that list.
 */

/** The lists a view can be saved for, and the ability that shows each list (resource-names.ts). */
export const SAVED_VIEW_LISTS = savedViewListsOf(RESOURCE_NAMES);
export type SavedViewList = keyof typeof SAVED_VIEW_LISTS;
const listNames = Object.keys(SAVED_VIEW_LISTS) as [SavedViewList, ...SavedViewList[]];

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Views one user may keep per list: enough for any real use, bounded for the dropdown. */
export const SAVED_VIEWS_PER_LIST = 50;

export const SAVED_VIEW_MESSAGES = {
  nameRequired: 'The name field is required.',
  nameTaken: 'You already have a view with this name for this list.',
  listInvalid: `The list must be one of: ${listNames.join(', ')}.`,
  queryInvalid: 'The view must be the query of a list address, such as status=1&order_key=name.',
  tooMany: `You can keep at most ${SAVED_VIEWS_PER_LIST} views for one list. Delete one first.`,
  notOwner: 'Only the user who saved this view can change or delete it.',
  saved: 'The view has been saved.',
  updated: 'The view has been updated.',
  deleted: 'The view has been deleted.',
  defaultSet: 'This view now opens first on this list.',
  defaultCleared: 'This list now opens without a saved view.',
} as const;

const listSchema = z.enum(listNames, { error: SAVED_VIEW_MESSAGES.listInvalid });

/**
 * The list's query string without its page: a view keeps how the list is looked at, not where
 * in it the user was. A leading '?' is dropped.
 */
export function savedViewQuery(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.delete('page');
  params.sort();
  return params.toString();
}

/** The lists of content that moves through a review workflow: each filters by its assignee. */
const REVIEWED_LISTS = ['categories', 'posts'] as const satisfies readonly SavedViewList[];

/**
 * Views every user finds on a list without saving them, above their own: the same query serves
 * everyone (the Assignee filter's `me` is whoever opens it).
 */
export const BUILT_IN_SAVED_VIEWS: Partial<
  Record<SavedViewList, readonly { name: string; query: string }[]>
> = Object.fromEntries(
  REVIEWED_LISTS.map((list) => [
    list,
    [{ name: 'Assigned to me', query: savedViewQuery(`assignee_id=${ASSIGNEE_ME}`) }],
  ]),
);

const querySchema = z
  .string({ error: SAVED_VIEW_MESSAGES.queryInvalid })
  .max(SAVED_VIEW_QUERY_MAX, FIELD_MESSAGES.tooLong(SAVED_VIEW_QUERY_MAX))
  .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
  .transform(savedViewQuery);

export const savedViewInputSchema = z.strictObject({
  list: listSchema,
  name: requiredText(SAVED_VIEW_MESSAGES.nameRequired, SAVED_VIEW_NAME_MAX),
  query: querySchema,
  shared: z.boolean().default(false),
});
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

export const savedViewUpdateSchema = savedViewInputSchema.omit({ list: true });
export type SavedViewUpdate = z.input<typeof savedViewUpdateSchema>;

export const savedViewListQuerySchema = z.object({ list: listSchema });

export const savedViewSchema = z.object({
  id: z.number(),
  list: listSchema,
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  /** The caller saved it, so may rename, change or delete it. */
  owned: z.boolean(),
  owner_name: z.string(),
  /** The caller's default for this list. */
  is_default: z.boolean(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.array(savedViewSchema);

/** Saved views: any signed-in user keeps them, and each call checks the ability of its list. */
export const savedViewsResource = defineResource({
  name: 'saved views',
  path: '/api/saved-views',
  noun: { one: 'saved view', many: 'saved views' },
  list: { query: savedViewListQuerySchema, answer: savedViewListSchema },
  create: { body: savedViewInputSchema, answer: savedViewSchema },
  update: { body: savedViewUpdateSchema, answer: savedViewSchema },
  remove: { answer: messageSchema },
});
