import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { bytea, createdAt } from './columns.ts';

/** A CSV import of a list: its progress and counts; its file, refused rows and changes below. */
export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  resource: text('resource').notNull(),
  fileName: text('file_name').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status').notNull().default('queued'),
  total: integer('total').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  message: text('message'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The uploaded file, in pieces, so that the job reads it back as a stream from any process. */
export const importChunks = pgTable(
  'import_chunks',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** A refused row: its cells as the file had them, and why. */
export const importErrors = pgTable(
  'import_errors',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    cells: jsonb('cells').notNull(),
    error: text('error').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

/** A record the import wrote: created (no `before`) or updated (the form's fields before). */
export const importRecords = pgTable(
  'import_records',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    recordId: integer('record_id').notNull(),
    before: jsonb('before'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.recordId] })],
);
