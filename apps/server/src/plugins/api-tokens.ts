import {
  abilitiesFor,
  DEFAULT_TOKEN_REQUESTS_PER_MINUTE,
  type HeldAbility,
  hasAbility,
  MESSAGES,
  TOKEN_MESSAGES,
  TOKEN_RATE_SETTING,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, preparedRows, queryRows } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { hashApiToken, isWellFormedApiToken } from '../lib/api-tokens.ts';
import type { AuthContext, SessionCache } from './sessions.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The request's API token: `Authorization: Bearer sf_pat_…`, or none. */
export function bearerApiToken(request: FastifyRequest): string | null {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1]?.startsWith('sf_pat_') ? match[1] : null;
}

interface TokenRow {
  id: number;
  name: string;
  user_id: number | null;
  role_id: number | null;
  abilities: string[];
  website_ids: number[] | null;
  expires_at: string | Date;
  revoked_at: string | Date | null;
  user_name: string | null;
  email: string | null;
  roles: string[];
  permissions: string[];
}

const refused = (message: string) => new HttpError(401, message);

/**
 * The caller a token stands for. A person's token holds the abilities it was given that its
 * creator still holds, read at each load, so that a role taken from the person is taken from the
 * token at once; a role's token holds its role's permissions. The creator is the audit log's
 * person, the token's name beside them.
 */
async function readToken(db: Db, hash: string): Promise<{ auth: AuthContext; until: number }> {
  const [row] = await preparedRows<TokenRow>(
    db,
    sql`SELECT t.id, t.name, t.user_id, t.role_id, t.abilities, t.website_ids, t.expires_at,
               t.revoked_at, u.name AS user_name, u.email,
          CASE WHEN t.role_id IS NULL THEN
            COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
                      JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}')
          ELSE (SELECT ARRAY[r.name] FROM roles r WHERE r.id = t.role_id) END AS roles,
          CASE WHEN t.role_id IS NULL THEN
            COALESCE((SELECT array_agg(DISTINCT p.name) FROM user_roles ur
                      JOIN role_permissions rp ON rp.role_id = ur.role_id
                      JOIN permissions p ON p.id = rp.permission_id
                      WHERE ur.user_id = u.id), '{}')
          ELSE COALESCE((SELECT array_agg(p.name) FROM role_permissions rp
                         JOIN permissions p ON p.id = rp.permission_id
                         WHERE rp.role_id = t.role_id), '{}') END AS permissions
        FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${hash}`,
  );
  if (!row) throw refused(TOKEN_MESSAGES.unknown);
  if (row.revoked_at) throw refused(TOKEN_MESSAGES.revoked);
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= Date.now()) throw refused(TOKEN_MESSAGES.expired);
  if (row.user_id === null || row.user_name === null) throw refused(TOKEN_MESSAGES.ownerGone);
  const held = abilitiesFor(row.roles, row.permissions);
  const abilities =
    row.role_id === null
      ? row.abilities.filter((ability) => hasAbility(held, ability as HeldAbility))
      : held;
  const auth: AuthContext = {
    sessionId: `token:${row.id}`,
    userId: row.user_id,
    name: row.user_name,
    email: row.email ?? '',
    roles: row.roles,
    abilities,
    token: { id: row.id, name: row.name, websiteIds: row.website_ids },
  };
  return { auth, until: expiresAt };
}

/**
 * The caller of a request that carries an API token, or a 401 that says what is wrong with it:
 * a mistyped token (its checksum) is refused before any read. What is read is kept as sessions
 * are (`cache`): a revocation or a change of roles forgets it on this process at once.
 */
export async function loadApiToken(
  db: Db,
  token: string,
  cache: SessionCache,
): Promise<AuthContext> {
  if (!isWellFormedApiToken(token)) throw refused(TOKEN_MESSAGES.malformed);
  const key = `token:${hashApiToken(token)}`;
  const cached = cache.entries.get(key);
  if (cached && cached.until > Date.now()) return cached.auth;
  const generation = cache.generation;
  const { auth, until } = await readToken(db, hashApiToken(token));
  if (cache.keepForMs > 0 && generation === cache.generation) {
    cache.entries.set(key, { auth, until: Math.min(Date.now() + cache.keepForMs, until) });
  }
  return auth;
}

/**
 * Counts the request in its token's minute (on the token's row, so every process counts in
 * one place), records its use, and answers 429 past `api.token_requests_per_minute` (0: no
 * limit) with the seconds left in the minute.
 */
export async function countTokenRequest(db: Db, tokenId: number, ip: string) {
  const [row] = await queryRows<{
    window_requests: number;
    window_ends_at: string | Date;
    per_minute: string | null;
  }>(
    db,
    sql`UPDATE api_tokens SET
          window_requests = CASE WHEN window_ends_at > now() THEN window_requests + 1 ELSE 1 END,
          window_ends_at = CASE WHEN window_ends_at > now() THEN window_ends_at
                                ELSE now() + interval '60 seconds' END,
          last_used_at = now(), last_used_ip = ${ip}
        WHERE id = ${tokenId}
        RETURNING window_requests, window_ends_at,
          (SELECT value FROM settings WHERE full_path = ${TOKEN_RATE_SETTING}) AS per_minute`,
  );
  if (!row) throw refused(TOKEN_MESSAGES.unknown);
  const setting = Number(row.per_minute ?? Number.NaN);
  const perMinute =
    Number.isInteger(setting) && setting >= 0 ? setting : DEFAULT_TOKEN_REQUESTS_PER_MINUTE;
  if (perMinute === 0 || row.window_requests <= perMinute) return;
  const seconds = Math.max(
    1,
    Math.ceil((new Date(row.window_ends_at).getTime() - Date.now()) / 1000),
  );
  throw new HttpError(429, MESSAGES.throttled(seconds), undefined, {
    'retry-after': String(seconds),
  });
}
