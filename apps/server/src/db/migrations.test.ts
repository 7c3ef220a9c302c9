/// <reference types="vite/client" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, type Executor, queryRows } from './client.ts';

/**
 * The tables, columns, constraints and indexes that the migrations make are the ones the schema
 * declares, and the migration folder's last snapshot is the schema: `npm run db:generate` then
 * writes exactly what a change to the schema adds. Functions, triggers and a table's partitions (the raw traffic events'), which the schema
 * cannot declare, are the migrations' own.
 */

/** Every table file's tables, as drizzle-kit reads them: db/schema.ts need not gather them all. */
const schema = Object.assign(
  {},
  ...Object.values(import.meta.glob('./schema/*.ts', { eager: true })),
);

const migrations = fileURLToPath(new URL('./migrations/meta', import.meta.url));

/**
 * Indexes whose definition the schema cannot write: it declares them by name, so that a
 * generated migration leaves them alone, and the migrations give them their definition.
 */
const DEFINED_BY_MIGRATIONS: Record<string, string> = {
  delivery_health_hours_hour_idx:
    'INCLUDE (website_id, attempts, delivered, failed): migration 0024',
};

/** What a schema of the database holds, one line per column, constraint and index. */
async function describeSchema(db: Executor, namespace: string): Promise<string[]> {
  const rows = await queryRows<{ line: string }>(
    db,
    sql`SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
          || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS line
          FROM pg_attribute a
          JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
         WHERE n.nspname = ${namespace} AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT 'constraint ' || c.relname || '.' || co.conname || ' ' || pg_get_constraintdef(co.oid)
          FROM pg_constraint co
          JOIN pg_class c ON c.oid = co.conrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ${namespace} AND NOT c.relispartition
        UNION ALL
        SELECT 'index ' || tablename || '.' || indexname || ' ' || indexdef
          FROM pg_indexes
         WHERE schemaname = ${namespace}
           AND tablename NOT IN (SELECT relname FROM pg_class WHERE relispartition)`,
  );
  return (
    rows
      // A partitioned table's index is made `ON ONLY` it by the migration, not by a push.
      .map(({ line }) => line.replace(/\b(public|declared)\./g, '').replace(' ON ONLY ', ' ON '))
      .map((line) => {
        const index = /^index \S+\.(\S+) /.exec(line)?.[1];
        return index && index in DEFINED_BY_MIGRATIONS
          ? line.slice(0, line.indexOf(' CREATE'))
          : line;
      })
      .sort()
  );
}

/** Rolls back what the comparison made. */
class RolledBack extends Error {}

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the migrations and the schema', () => {
  it('make the same tables, columns, constraints and indexes', async () => {
    const statements = await generateMigration(
      generateDrizzleJson({}),
      generateDrizzleJson(schema),
    );
    let migrated: string[] = [];
    let declared: string[] = [];
    // The schema's own SQL runs in a schema of its own, beside the migrated one, and goes with
    // the transaction.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw('CREATE SCHEMA declared'));
        await tx.execute(sql.raw('SET LOCAL search_path TO declared, public'));
        for (const statement of statements) {
          await tx.execute(sql.raw(statement.replaceAll('"public".', '"declared".')));
        }
        migrated = await describeSchema(tx, 'public');
        declared = await describeSchema(tx, 'declared');
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(migrated.length).toBeGreaterThan(100);
    const onlyMigrated = migrated.filter((line) => !declared.includes(line));
    const onlyDeclared = declared.filter((line) => !migrated.includes(line));
    expect({ onlyMigrated, onlyDeclared }).toEqual({ onlyMigrated: [], onlyDeclared: [] });
  });

  it('agree with the last snapshot, so that db:generate writes only what a change adds', async () => {
    const last = readdirSync(migrations)
      .filter((file) => file.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(`${migrations}/${last}`, 'utf8'));
    expect(await generateMigration(snapshot, generateDrizzleJson(schema))).toEqual([]);
  });
});
