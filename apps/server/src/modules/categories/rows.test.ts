import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { categoryRows } from './rows.ts';

const written = (rowsOf: ReturnType<typeof categoryRows>) =>
  new PgDialect().sqlToQuery(rowsOf(sql`page.ids`));

describe("the categories' rows, made once per set of options", () => {
  it('are the same rows for the same options, and apart for a scope of no website', () => {
    expect(categoryRows({ scope: [3, 5] })).toBe(categoryRows({ scope: [3, 5] }));
    expect(categoryRows({ scope: [] })).not.toBe(categoryRows({ scope: null }));
    expect(written(categoryRows({ scope: [] }))).not.toEqual(written(categoryRows({})));
  });
});
