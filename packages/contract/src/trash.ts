import { z } from 'zod';
import { MAX_ID, pageQuerySchema, paginatedSchema } from './pagination.ts';
import { defineResource } from './resource.ts';
import { TRASH_LIST_ABILITIES, TRASH_TYPES } from './trash-types.ts';

/**
 * The trash: a deleted website, instance, category, post, user or role leaves its table for a
 * trash entry holding a snapshot of it and of what goes with it, and comes back from there with
 * the same id.
 */

/** How long the toast after a delete offers to undo it. */
export const UNDO_DELETE_MS = 10_000;

export const TRASH_MESSAGES = {
  typeInvalid: `The type must be one of: ${TRASH_TYPES.join(', ')}`,
  notInTrash: 'This record is not in the trash.',
  notInTrashIds: (ids: readonly number[]) =>
    `These records are not in the trash: ${ids.join(', ')}. Nothing was changed.`,
  restored: (count: number) =>
    count === 1 ? 'Restored from the trash.' : `${count} records restored from the trash.`,
  purged: (count: number) =>
    count === 1 ? 'Deleted for good.' : `${count} records deleted for good.`,
  emptied: (count: number) =>
    `The trash is empty: ${count} ${count === 1 ? 'record' : 'records'} deleted for good.`,
  slugReused: (slugs: readonly string[]) =>
    `Another category now uses the slug ${slugs.join(', ')}: change that category's slug before restoring.`,
  emailReused: (emails: readonly string[]) =>
    `Another user now uses the email ${emails.join(', ')}: change that user's email before restoring.`,
  roleNameReused: (names: readonly string[]) =>
    `Another role is now named ${names.join(', ')}: rename that role before restoring.`,
  instanceIdReused: (ids: readonly string[]) =>
    `Another instance now uses the Instance ID ${ids.join(', ')}: change it before restoring.`,
  categoryGone: (ids: readonly number[]) =>
    `The category of this post was deleted (id ${ids.join(', ')}): restore the category first.`,
  userAboveCaller: 'You cannot restore or purge a user who holds more rights than you.',
  roleAboveCaller: 'You cannot restore or purge a role that grants more rights than you hold.',
  undo: 'Undo',
  undone: 'Delete undone.',
} as const;

const trashTypeSchema = z.enum(TRASH_TYPES, { error: TRASH_MESSAGES.typeInvalid });

export const trashListQuerySchema = pageQuerySchema.extend({
  /** Blank means every type the caller may see. */
  type: z.preprocess((value) => (value === '' ? undefined : value), trashTypeSchema.optional()),
});
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;

export const trashTypeParamSchema = z.object({ type: trashTypeSchema });
export const trashEntryParamSchema = z.object({
  type: trashTypeSchema,
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** POST /api/trash/empty: every type the caller may purge, or one. */
export const emptyTrashSchema = z.strictObject({ type: trashTypeSchema.optional() }).nullish();

export const trashEntrySchema = z.object({
  type: trashTypeSchema,
  id: z.number(),
  /** The record's name (a post's title, an instance's Instance ID). */
  name: z.string(),
  /** What tells two records of one name apart: a URL, a slug, an e-mail, an IP address. */
  detail: z.string().nullable(),
  deleted_by: z.string().nullable(),
  deleted_at: z.string(),
  formatted_deleted_at: z.string(),
  /** When the scheduled purge deletes it for good. */
  purge_at: z.string(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

export const trashPageSchema = paginatedSchema(trashEntrySchema);

export const trashChangedSchema = z.object({ message: z.string(), count: z.number() });

/**
 * The trash's list: any caller who may delete records of some type sees the trash, of the types
 * they may delete. Restoring and purging are the trash's own routes, by type and id.
 */
export const trashResource = defineResource({
  name: 'trash',
  path: '/api/trash',
  access: TRASH_LIST_ABILITIES,
  noun: { one: 'trashed record', many: 'trashed records' },
  list: { query: trashListQuerySchema, answer: trashPageSchema, filters: ['type'] },
});
