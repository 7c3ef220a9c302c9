import { unknownIdsMessage } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { HttpError } from '../errors.ts';
import { type Database, queryRows } from './client.ts';
import { deleteToTrash } from './trash.ts';

let database: Database;
let roleId: number;
let deleter: { userId: number; name: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO users (name, email, password) VALUES ('Trash Admin', 'trash@example.com', '-')
        RETURNING id`,
  );
  deleter = { userId: user!.id, name: 'Trash Admin' };
  const [role] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO roles (name) VALUES ('Trash check') RETURNING id`,
  );
  roleId = role!.id;
});
afterAll(() => database.close());

/** Runs a delete in a transaction of its own and answers what it threw. */
const refusal = (idOrIds: number | number[]) =>
  database.db
    .transaction((tx) => deleteToTrash(tx, 'roles', idOrIds, deleter))
    .then(
      () => null,
      (error: unknown) => error,
    );

const kept = async () => ({
  role: (await queryRows(database.db, sql`SELECT id FROM roles WHERE id = ${roleId}`)).length,
  trashed: (
    await queryRows(database.db, sql`SELECT id FROM trash WHERE type = 'roles' AND id = ${roleId}`)
  ).length,
});

describe('a delete through the trash', () => {
  it('refuses several records when one is gone, naming it, and keeps the others', async () => {
    const error = await refusal([roleId, 999_999]);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    expect((error as HttpError).errors).toEqual({ ids: [unknownIdsMessage([999_999])] });
    expect(await kept()).toEqual({ role: 1, trashed: 0 });
  });

  it('answers 404 for one record that is gone', async () => {
    const error = await refusal(999_999);
    expect((error as HttpError).statusCode).toBe(404);
  });

  it('moves the records it was asked for to the trash, and deletes them', async () => {
    expect(
      await database.db.transaction((tx) => deleteToTrash(tx, 'roles', [roleId], deleter)),
    ).toEqual([roleId]);
    expect(await kept()).toEqual({ role: 0, trashed: 1 });
  });
});
