import { sql } from 'drizzle-orm';
import { boolean, customType, index, timestamp } from 'drizzle-orm/pg-core';

/** Column and index shapes the tables share. */

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const flag = (name: string) => boolean(name).notNull().default(false);
/** A trigram index, so that `ILIKE '%term%'` search boxes use an index. */
export const trigram = (name: string, column: Parameters<typeof sql>[1]) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);
