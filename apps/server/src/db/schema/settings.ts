import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigram, updatedAt } from './columns.ts';

/** Application settings, in groups under main groups. */

export const settingMainGroups = pgTable('setting_main_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const settingGroups = pgTable(
  'setting_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mainGroupId: integer('main_group_id')
      .notNull()
      .references(() => settingMainGroups.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('setting_groups_main_name_unique').on(t.mainGroupId, t.name)],
);

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    /** Dotted key, unique: app.name, social.facebook.page_id … */
    fullPath: text('full_path').notNull(),
    name: text('name').notNull(),
    value: text('value'),
    type: text('type').notNull().default('text'),
    description: text('description'),
    /** Secret values are stored encrypted and never sent back in clear. */
    isSecret: boolean('is_secret').notNull().default(false),
    groupId: integer('group_id')
      .notNull()
      .references(() => settingGroups.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('settings_full_path_unique').on(t.fullPath),
    index('settings_group_idx').on(t.groupId),
    trigram('settings_full_path_trgm', t.fullPath),
  ],
);
