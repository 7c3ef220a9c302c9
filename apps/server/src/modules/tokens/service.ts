import {
  type ApiToken,
  type ApiTokenCreated,
  hasAbility,
  roleExceeds,
  TOKEN_MESSAGES,
  type TokenInput,
  type TokenListQuery,
  tokensResource,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { missingIds } from '../../db/ids.ts';
import { apiTokens } from '../../db/schema.ts';
import { HttpError, notFound, validationError } from '../../errors.ts';
import { hashApiToken, newApiToken } from '../../lib/api-tokens.ts';
import { isoText, pageOf } from '../../lists/page.ts';
import { likePattern } from '../../lists/search.ts';
import type { AuthContext } from '../../plugins/sessions.ts';

const STATUS = sql`CASE WHEN t.revoked_at IS NOT NULL THEN 'revoked'
                        WHEN t.expires_at <= now() THEN 'expired' ELSE 'active' END`;

/** A role's token shows its role's permissions, as it acts with them. */
const ROW = sql`SELECT t.id, t.name, t.role_id, r.name AS role_name, t.website_ids, t.expires_at,
      t.last_used_at, t.last_used_ip, t.created_at, t.revoked_at, t.user_id, u.name AS user_name,
      CASE WHEN t.role_id IS NULL THEN t.abilities
           ELSE COALESCE((SELECT array_agg(p.name ORDER BY p.name) FROM role_permissions rp
                          JOIN permissions p ON p.id = rp.permission_id
                          WHERE rp.role_id = t.role_id), '{}') END AS abilities,
      ${STATUS} AS status
    FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id LEFT JOIN roles r ON r.id = t.role_id`;

interface TokenRow {
  id: number;
  name: string;
  role_id: number | null;
  role_name: string | null;
  website_ids: number[] | null;
  expires_at: string | Date;
  last_used_at: string | Date | null;
  last_used_ip: string | null;
  created_at: string | Date;
  revoked_at: string | Date | null;
  user_id: number | null;
  user_name: string | null;
  abilities: string[];
  status: ApiToken['status'];
}

const shape = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  abilities: row.abilities,
  role_id: row.role_id,
  role_name: row.role_name,
  website_ids: row.website_ids,
  expires_at: isoText(row.expires_at),
  last_used_at: row.last_used_at && isoText(row.last_used_at),
  last_used_ip: row.last_used_ip,
  created_by:
    row.user_id !== null && row.user_name !== null
      ? { id: row.user_id, name: row.user_name }
      : null,
  created_at: isoText(row.created_at),
  revoked_at: row.revoked_at && isoText(row.revoked_at),
  status: row.status,
});

/** Nulls last whichever the direction: a token never used sorts after the used ones. */
const ORDER_COLUMNS: Record<TokenListQuery['order_key'], SQL> = {
  name: sql`t.name`,
  created_at: sql`t.created_at`,
  expires_at: sql`t.expires_at`,
  last_used_at: sql`t.last_used_at`,
};

const mayManageAll = (caller: AuthContext) => hasAbility(caller.abilities, 'token-manage');

/** GET /api/tokens: the caller's own tokens, or with `all=1` (token-manage) everyone's. */
export function listTokens(reads: Db, caller: AuthContext, query: TokenListQuery) {
  if (query.all === 1 && !mayManageAll(caller)) {
    throw new HttpError(403, TOKEN_MESSAGES.allNotAllowed);
  }
  const where: SQL[] = [query.all === 1 ? sql`TRUE` : sql`t.user_id = ${caller.userId}`];
  if (query.status) where.push(sql`${STATUS} = ${query.status}`);
  if (query.query) where.push(sql`t.name ILIKE ${likePattern(query.query)}`);
  const condition = sql.join(where, sql` AND `);
  const direction = query.order_dir === 'asc' ? sql`ASC` : sql`DESC`;
  return pageOf(query, tokensResource.path, {
    rows: async (limit, offset) =>
      (
        await queryRows<TokenRow>(
          reads,
          sql`${ROW} WHERE ${condition}
              ORDER BY ${ORDER_COLUMNS[query.order_key]} ${direction} NULLS LAST, t.id ${direction}
              LIMIT ${limit} OFFSET ${offset}`,
        )
      ).map(shape),
    count: async () =>
      (
        await queryRows<{ total: number }>(
          reads,
          sql`SELECT count(*)::int AS total FROM api_tokens t WHERE ${condition}`,
        )
      )[0]!.total,
  });
}

async function readToken(executor: Executor, id: number) {
  const [row] = await queryRows<TokenRow>(executor, sql`${ROW} WHERE t.id = ${id}`);
  return row;
}

/**
 * What a token may be given: abilities its creator holds, or (token-manage) a role that grants
 * nothing its creator lacks; websites that exist.
 */
async function checkGrant(tx: Db, caller: AuthContext, input: TokenInput) {
  const notHeld = (input.abilities ?? []).filter((name) => !hasAbility(caller.abilities, name));
  if (notHeld.length > 0) {
    throw validationError({ abilities: TOKEN_MESSAGES.abilityNotHeld(notHeld) });
  }
  if (input.role_id !== undefined) {
    if (!mayManageAll(caller)) throw validationError({ role_id: TOKEN_MESSAGES.roleNotAllowed });
    const [role] = await queryRows<{ name: string; permissions: string[] }>(
      tx,
      sql`SELECT r.name, COALESCE(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
          FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id
          LEFT JOIN permissions p ON p.id = rp.permission_id
          WHERE r.id = ${input.role_id} GROUP BY r.id`,
    );
    if (!role) throw validationError({ role_id: TOKEN_MESSAGES.roleUnknown });
    if (roleExceeds(caller.abilities, role.name, role.permissions)) {
      throw validationError({ role_id: TOKEN_MESSAGES.roleNotAllowed });
    }
  }
  const missing = await missingIds(tx, 'websites', input.website_ids ?? []);
  if (missing.length > 0) {
    throw validationError({ website_ids: TOKEN_MESSAGES.websitesUnknown(missing) });
  }
}

/** POST /api/tokens: the token is answered this once; only its hash is kept. */
export function createToken(
  db: Db,
  caller: AuthContext,
  input: TokenInput,
): Promise<ApiTokenCreated> {
  return db.transaction(async (tx) => {
    await checkGrant(tx, caller, input);
    const token = newApiToken();
    const [created] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        tokenHash: hashApiToken(token),
        userId: caller.userId,
        roleId: input.role_id ?? null,
        abilities: input.role_id === undefined ? (input.abilities ?? []) : [],
        websiteIds: input.website_ids ?? null,
        expiresAt: new Date(input.expires_at),
      })
      .returning({ id: apiTokens.id });
    const row = shape((await readToken(tx, created!.id))!);
    await recordAudit(tx, {
      action: 'created',
      subjectType: 'token',
      subjectId: row.id,
      subjectName: row.name,
      details: {
        abilities: row.abilities,
        role: row.role_name,
        website_ids: row.website_ids,
        expires_at: row.expires_at,
      },
    });
    return { ...row, token };
  });
}

/**
 * DELETE /api/tokens/{id}: revokes the caller's own token, or anyone's with token-manage; a token
 * already revoked stays as it was. Another person's token is a 404 to whoever may not manage it.
 */
export function revokeToken(db: Db, caller: AuthContext, id: number) {
  return db.transaction(async (tx) => {
    const [token] = await queryRows<{ name: string; user_id: number | null; revoked: boolean }>(
      tx,
      sql`SELECT name, user_id, revoked_at IS NOT NULL AS revoked FROM api_tokens
          WHERE id = ${id} FOR UPDATE`,
    );
    if (!token) throw notFound();
    if (token.user_id !== caller.userId && !mayManageAll(caller)) throw notFound();
    if (!token.revoked) {
      await tx.execute(sql`UPDATE api_tokens SET revoked_at = now() WHERE id = ${id}`);
      await recordAudit(tx, {
        action: 'revoked',
        subjectType: 'token',
        subjectId: id,
        subjectName: token.name,
      });
    }
    return { message: TOKEN_MESSAGES.revokedOne };
  });
}
