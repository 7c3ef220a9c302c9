import type { TrashType } from '@sitefleet/contract';
import { desc } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { trigram } from './columns.ts';

/**
 * Deleted records, out of their live tables (so lists, counts, unique keys and post ranges never
 * see them): one row per record, with a JSON snapshot of it and of what goes with it (variants,
 * links, settings, roles…) to put back with the same ids on restore. Migration 0012.
 */
export const trash = pgTable(
  'trash',
  {
    type: text('type').$type<TrashType>().notNull(),
    /** The record's own id, which it gets back on restore. */
    id: integer('id').notNull(),
    name: text('name').notNull(),
    detail: text('detail'),
    /** `{ "record": {…}, …what goes with it }`: each table's rows as `to_jsonb` writes them. */
    data: jsonb('data').notNull(),
    deletedById: integer('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was: the user may be renamed or deleted since. */
    deletedByName: text('deleted_by_name'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('trash_deleted_at_idx').on(desc(t.deletedAt), t.type, t.id),
    index('trash_type_deleted_at_idx').on(t.type, desc(t.deletedAt), t.id),
    trigram('trash_name_trgm', t.name),
  ],
);
