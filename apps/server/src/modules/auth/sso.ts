import { randomBytes } from 'node:crypto';
import {
  isSuperAdminRoleName,
  type SsoError,
  userEmailField,
  userNameField,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { recordAudit } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { type SsoConfig, ssoEnabled } from '../../db/sso-settings.ts';
import { emitUserEvents } from '../../events/user-events.ts';
import type { Outbound } from '../../lib/outbound.ts';
import { storableText } from '../../lib/outside-text.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** The longest provider subject kept (OpenID Connect allows 255 ASCII characters). */
const SUBJECT_MAX = 255;

/** A single sign-on that ends on the sign-in screen with one of SSO_ERRORS. */
export class SsoRefusal extends Error {
  constructor(readonly code: SsoError) {
    super(code);
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The provider's configuration, from its discovery document: its calls go through the process's
 * guarded outbound fetch. An http:// issuer is taken on a loopback address only (a local
 * provider, the tests).
 */
export async function providerOf(
  config: SsoConfig,
  outbound: Outbound,
): Promise<oidc.Configuration> {
  if (!ssoEnabled(config)) throw new SsoRefusal('not_configured');
  const issuer = new URL(config.issuer!);
  const insecure = issuer.protocol === 'http:';
  if (insecure && !LOOPBACK.has(issuer.hostname)) throw new SsoRefusal('provider');
  try {
    return await oidc.discovery(
      issuer,
      config.clientId!,
      config.clientSecret ?? undefined,
      undefined,
      {
        [oidc.customFetch]: (url, options) => outbound.fetch(url, options as RequestInit),
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      },
    );
  } catch {
    throw new SsoRefusal('provider');
  }
}

/** What the start of a sign-in leaves in the browser's sealed cookie, for its callback. */
export interface SsoFlow {
  state: string;
  nonce: string;
  verifier: string;
  at: number;
}

/** The authorization request: code flow with PKCE, state and nonce. */
export async function beginSso(provider: oidc.Configuration, redirectUri: string) {
  const flow: SsoFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    at: Date.now(),
  };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, flow };
}

/** The ID token's claims once the code is exchanged and the token checked (signature, nonce…). */
export async function finishSso(
  provider: oidc.Configuration,
  callbackUrl: URL,
  flow: SsoFlow,
): Promise<oidc.IDToken> {
  // A callback for another start (or none): refused before the provider is asked anything.
  if (callbackUrl.searchParams.get('state') !== flow.state) throw new SsoRefusal('expired');
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoRefusal('provider');
    return claims;
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    throw new SsoRefusal('provider');
  }
}

/** The roles a sign-in's claims map to (a super admin role is never given this way). */
function mappedRoles(config: SsoConfig, claims: oidc.IDToken): string[] {
  if (!config.roleClaim) return [];
  const claim = claims[config.roleClaim];
  const values = (Array.isArray(claim) ? claim : [claim]).filter(
    (value): value is string => typeof value === 'string',
  );
  return [...new Set(values.flatMap((value) => config.roleMap[value] ?? []))].filter(
    (role) => !isSuperAdminRoleName(role),
  );
}

/**
 * The user a single sign-on signs in: found by the provider's issuer and subject; else an
 * account of the same e-mail, linked only when the provider says the address is verified; else
 * made now. The roles the map manages follow the claim at each sign-in; a new user whose claim
 * maps to none gets the default role.
 */
export async function ssoUser(
  db: Db,
  config: SsoConfig,
  issuer: string,
  claims: oidc.IDToken,
): Promise<number> {
  // What the provider says is checked as the user form checks it: an address the form would
  // refuse (a NUL, too long, no address at all) signs no one in.
  const parsedEmail = userEmailField.safeParse(claims.email);
  if (!parsedEmail.success) throw new SsoRefusal('no_email');
  const email = parsedEmail.data;
  // The subject keys the identity row: one PostgreSQL text cannot hold is a broken provider.
  if (claims.sub.includes('\0') || claims.sub.length > SUBJECT_MAX) {
    throw new SsoRefusal('provider');
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (config.allowedDomains.length > 0 && !config.allowedDomains.includes(domain)) {
    throw new SsoRefusal('domain');
  }
  return db.transaction(async (tx) => {
    const [identity] = await queryRows<{ user_id: number }>(
      tx,
      sql`UPDATE user_identities SET last_signed_in_at = now()
          WHERE issuer = ${issuer} AND subject = ${claims.sub} RETURNING user_id`,
    );
    let userId = identity?.user_id;
    let created = false;
    if (userId === undefined) {
      const [existing] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM users WHERE email = ${email}`,
      );
      if (existing && claims.email_verified !== true) throw new SsoRefusal('unverified');
      if (existing) userId = existing.id;
      else {
        const named = userNameField.safeParse(
          typeof claims.name === 'string' ? storableText(claims.name) : undefined,
        );
        const name = named.success ? named.data : email;
        // A password no one knows: this user signs in through the provider.
        const password = await hashPassword(randomBytes(32).toString('base64url'));
        const [user] = await tx
          .insert(users)
          .values({ name, email, password })
          .returning({ id: users.id });
        userId = user!.id;
        created = true;
        await recordAudit(tx, {
          action: 'created',
          subjectType: 'user',
          subjectId: userId,
          subjectName: name,
          userId,
          details: { via: 'sso', issuer },
        });
        await emitUserEvents(tx, 'created', [userId]);
      }
      await tx
        .insert(userIdentities)
        .values({ userId, issuer, subject: claims.sub, lastSignedInAt: new Date() });
    }
    await syncRoles(tx, userId, config, claims, created);
    return userId;
  });
}

/** Role names as one text[] parameter list, in lower case (role names are unique in any case). */
const lowerNames = (names: readonly string[]) =>
  sql`ARRAY[${sql.join(
    names.map((name) => sql`${name.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;

async function syncRoles(
  tx: Db,
  userId: number,
  config: SsoConfig,
  claims: oidc.IDToken,
  created: boolean,
) {
  const mapped = mappedRoles(config, claims);
  const given =
    created && mapped.length === 0 && config.defaultRole ? [config.defaultRole] : mapped;
  const managed = [...new Set(Object.values(config.roleMap))];
  if (managed.length > 0) {
    await tx.execute(
      sql`DELETE FROM user_roles ur USING roles r
          WHERE ur.role_id = r.id AND ur.user_id = ${userId}
            AND lower(r.name) = ANY(${lowerNames(managed)})
            AND NOT lower(r.name) = ANY(${lowerNames(given)})
            AND lower(r.name) <> 'super admin'`,
    );
  }
  if (given.length === 0) return;
  await tx.execute(
    sql`INSERT INTO user_roles (user_id, role_id)
        SELECT ${userId}, r.id FROM roles r WHERE lower(r.name) = ANY(${lowerNames(given)})
        ON CONFLICT DO NOTHING`,
  );
}

/** With `sso.local_login` off, a password signs in a super admin only: the way in if the provider fails. */
export async function localLoginAllowed(db: Db, config: SsoConfig, userId: number) {
  if (config.localLogin) return true;
  const [row] = await queryRows<{ super_admin: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                       WHERE ur.user_id = ${userId} AND lower(r.name) = 'super admin') AS super_admin`,
  );
  return row?.super_admin === true;
}
