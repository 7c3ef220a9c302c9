import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';

/** A list's query string saved under a name by a user, for them alone or shared with everyone. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_views_user_list_name_unique').on(t.userId, t.list, t.name),
    index('saved_views_list_shared_idx').on(t.list, t.shared),
  ],
);

/** The view a user's list opens with, when they chose one. */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    index('saved_view_defaults_view_idx').on(t.viewId),
  ],
);
