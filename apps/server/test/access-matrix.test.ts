import {
  type Ability,
  isAdminRoleName,
  MESSAGES,
  type ResourceDefinition,
  SEEDED_ROLES,
  TOKEN_MESSAGES,
  TOKEN_RATE_SETTING,
} from '@sitefleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { roleIdsByName } from './fixtures.ts';
import {
  type ApiClient,
  setSetting,
  startTestServer,
  type TestServer,
  TokenClient,
} from './harness.ts';

/**
 * Every route × every kind of caller. The table says, per route, who gets past its access rule;
 * a route missing from it (or a row without its route) fails the first test, so no route ships
 * without its row. The seeded roles: a viewer holds every `-list` ability; an editor every
 * ability of websites, instances, categories, posts and profile; admin and super admin all.
 */
const V = 'viewer';
const E = 'editor';
const A = 'admin';
const S = 'super admin';
type Role = typeof V | typeof E | typeof A | typeof S;
/**
 * `anyone`: no session needed; `signed-in`: any session; `agent`: an instance's token only;
 * `challenge`: a sign-in whose password was right and whose second step is pending.
 */
type Allowed = 'anyone' | 'signed-in' | 'agent' | 'challenge' | readonly Role[];

const ADMINS = [A, S] as const;
const EDITORS = [E, A, S] as const;
const READERS = [V, E, A, S] as const;
const ADMIN_READERS = [V, A, S] as const;

/**
 * The standard routes of the declared resources (list, export, one, create, update, delete,
 * delete several), read from the routes the server registered with their declaration: each needs
 * its resource's ability for what its method does (GET reads the list's, POST creates, PUT
 * updates, DELETE deletes), or the declaration's own `access` (any one of them; `readAccess` for
 * its reads), held by the seeded roles that have it.
 */
const METHOD_ACTION = { GET: 'list', POST: 'create', PUT: 'update', DELETE: 'delete' } as const;
const holdersOf = (abilities: string | readonly Ability[]): readonly Role[] =>
  ([V, E, A, S] as const).filter(
    (role) =>
      isAdminRoleName(role) ||
      [abilities]
        .flat()
        .some((ability) => (SEEDED_ROLES[role] as readonly string[]).includes(ability)),
  );
/** Who passes a standard route: its declaration's `readAccess` for a read, else its `access`. */
function allowedFor(method: string, resource: ResourceDefinition): Allowed {
  const access = (method === 'GET' ? resource.readAccess : undefined) ?? resource.access;
  if (access) return holdersOf(access);
  const action = METHOD_ACTION[method as keyof typeof METHOD_ACTION];
  return resource.subject ? holdersOf(`${resource.subject}-${action}`) : 'signed-in';
}
const standardRows = (routes: readonly RegisteredRoute[]): Record<string, Allowed> =>
  Object.fromEntries(
    routes.flatMap(({ method, url, resource }) =>
      resource && method !== 'HEAD' ? [[`${method} ${url}`, allowedFor(method, resource)]] : [],
    ),
  );

/** Every other route: a module's own. */
const OWN_ROWS: Record<string, Allowed> = {
  'POST /login': 'anyone',
  'POST /logout': 'anyone',
  'GET /api/auth/options': 'anyone',
  'GET /auth/sso': 'anyone',
  'GET /auth/sso/callback': 'anyone',
  'POST /login/two-factor': 'challenge',
  'POST /login/two-factor/setup': 'challenge',
  'GET /api/profile/two-factor': 'signed-in',
  'POST /api/profile/two-factor/setup': 'signed-in',
  'POST /api/profile/two-factor/enable': 'signed-in',
  'POST /api/profile/two-factor/disable': 'signed-in',
  'POST /api/profile/two-factor/recovery-codes': 'signed-in',
  'GET /api/profile/sessions': 'signed-in',
  'DELETE /api/profile/sessions/:id': 'signed-in',
  'POST /api/profile/sessions/sign-out-others': 'signed-in',
  'GET /healthz': 'anyone',
  'GET /readyz': 'anyone',
  'GET /metrics': 'anyone',
  'GET /t.js': 'anyone',
  'OPTIONS /api/collect': 'anyone',
  'POST /api/collect': 'anyone',
  'GET /api/docs': 'anyone',
  'PUT /api/saved-views/:id/default': 'signed-in',
  'DELETE /api/saved-views/default': 'signed-in',
  'GET /api/docs/json': 'anyone',
  'GET /api/docs/assets/:file': 'anyone',
  'GET /api/profile': 'signed-in',
  'GET /api/abilities': 'signed-in',
  'GET /api/search': 'signed-in',
  'GET /api/settings/fetch': 'signed-in',
  'GET /api/settings/outbound-ranges': EDITORS,
  'GET /api/settinggroups': ADMIN_READERS,
  'GET /api/settinggroups/options': ADMIN_READERS,
  'GET /api/stats/instances': READERS,
  'GET /api/stats/renewals': READERS,
  'GET /api/stats/review-stages': READERS,
  'GET /api/stats/websites': READERS,
  'GET /api/stats/posts': READERS,
  'GET /api/stats/categories': READERS,
  'GET /api/details/instances': READERS,
  'GET /api/stats/top-websites': READERS,
  'GET /api/stats/top-categories': READERS,
  'GET /api/traffic': READERS,
  'GET /api/traffic/websites': READERS,
  'GET /api/economics/websites': ADMINS,
  'GET /api/economics/websites/export': ADMINS,
  'GET /api/economics/summary': ADMINS,
  'GET /api/stats/scheduled-tasks': 'signed-in',
  'GET /api/stats/scheduled-tasks/page': 'signed-in',
  'GET /api/google-auth': ADMINS,
  'GET /api/audit-log': ADMINS,
  'GET /api/audit-log/export': ADMINS,
  'GET /api/delivery-health': ADMINS,
  'GET /api/websites/:id/delivery-health': ADMINS,
  'GET /api/deliveries': ADMINS,
  'GET /api/deliveries/export': ADMINS,
  'POST /api/websites/:id/deliveries/pause': ADMINS,
  'POST /api/websites/:id/deliveries/resume': ADMINS,
  'POST /api/deliveries/replay': ADMINS,
  'POST /api/websites/:id/test-delivery': ADMINS,
  'POST /api/google-callback': ADMINS,
  'DELETE /api/users/:id/sessions': ADMINS,
  'DELETE /api/users/:id/two-factor': ADMINS,
  'GET /api/roles/all': ADMIN_READERS,
  'GET /api/roles/:id/two-factor': ADMIN_READERS,
  'PUT /api/roles/:id/two-factor': ADMINS,
  'PATCH /api/roles/:id/assign-permissions': ADMINS,
  'PATCH /api/roles/:id/revoke-permissions': ADMINS,
  'GET /api/permissions': ADMIN_READERS,
  'POST /api/trash/:type/:id/restore': EDITORS,
  'POST /api/trash/:type/restore': EDITORS,
  'DELETE /api/trash/:type/:id': ADMINS,
  'DELETE /api/trash/:type': ADMINS,
  'POST /api/trash/empty': ADMINS,
  'PUT /api/profile': 'signed-in',
  'POST /api/upload-profile-image': 'signed-in',
  'GET /api/avatars/:userId': 'signed-in',
  'POST /api/change-user-password': 'signed-in',
  'GET /api/websites/:id/delete-impact': EDITORS,
  'GET /api/monitor': READERS,
  'GET /api/websites/:id/monitor': READERS,
  'POST /api/websites/:id/monitor/check': EDITORS,
  'POST /api/websites/:id/maintenance': EDITORS,
  'DELETE /api/websites/:id/maintenance': EDITORS,
  'GET /api/notifications': 'signed-in',
  'POST /api/notifications/read-all': 'signed-in',
  'POST /api/notifications/:id/read': 'signed-in',
  'GET /api/profile/notifications': 'signed-in',
  'PUT /api/profile/notifications': 'signed-in',
  'POST /api/websites/delete-impact': EDITORS,
  'GET /api/websites/:id/settings': EDITORS,
  'PATCH /api/websites/:id/update-settings': EDITORS,
  'POST /api/websites/:id/rotate-secret': EDITORS,
  'POST /api/websites/:id/tracking-key/rotate': EDITORS,
  'PUT /api/variants/:kind/:variant_id/published-url': EDITORS,
  'GET /api/getAllWebsites': READERS,
  'POST /api/instances/:id/rotate-token': EDITORS,
  'GET /api/instance_instructions': EDITORS,
  'GET /api/categories/details/:id': READERS,
  'GET /api/categories/sync/:id': EDITORS,
  'POST /api/categories/action': EDITORS,
  'POST /api/categories/details/action': EDITORS,
  'GET /api/posts/details/:id': EDITORS,
  'POST /api/websites/import': EDITORS,
  'POST /api/categories/import': EDITORS,
  'POST /api/posts/import': EDITORS,
  'GET /api/imports/:id': EDITORS,
  'GET /api/traffic/google/properties': READERS,
  'POST /api/traffic/import': EDITORS,
  'GET /api/traffic/import/:id': READERS,
  'GET /api/revenue': ADMINS,
  'POST /api/revenue': ADMINS,
  'POST /api/revenue/import': ADMINS,
  'POST /api/revenue/adsense/import': ADMINS,
  'GET /api/revenue/adsense/import/:id': ADMINS,
  'GET /api/revenue/adsense/status': ADMINS,
  'GET /api/costs': ADMINS,
  'POST /api/costs': ADMINS,
  'PUT /api/exchange-rates': ADMINS,
  'GET /api/exchange-rates': ADMINS,
  'GET /api/imports/:id/errors.csv': EDITORS,
  'POST /api/imports/:id/undo': EDITORS,
  'GET /api/posts/sync/:id': EDITORS,
  'POST /api/posts/action': EDITORS,
  'POST /api/posts/details/action': EDITORS,
  'GET /api/categories/details/:variantId/deliveries': EDITORS,
  'POST /api/categories/details/:variantId/retry': EDITORS,
  'GET /api/posts/details/:variantId/deliveries': EDITORS,
  'POST /api/posts/details/:variantId/retry': EDITORS,
  'GET /api/calendar': READERS,
  'GET /api/events': 'signed-in',
  'GET /api/workflows/options': EDITORS,
  'GET /api/workflows/stage-people': ADMINS,
  'POST /api/event-subscriptions/:id/rotate-secret': ADMINS,
  'POST /api/event-subscriptions/:id/test': ADMINS,
  'POST /api/event-subscriptions/:id/resume': ADMINS,
  'POST /api/event-subscriptions/:id/replay': ADMINS,
  'GET /api/event-subscriptions/:id/deliveries': ADMINS,
  'GET /api/event-subscriptions/:id/attempts': ADMINS,
  'GET /api/event-types': ADMINS,
  'POST /api/channels/:id/test': ADMINS,
  'GET /api/social-apps/:id/usage': ADMINS,
  'GET /api/variants/:kind/:variant_id/history': EDITORS,
  'GET /api/variants/:kind/:variant_id/comments': EDITORS,
  'GET /api/variants/:kind/:variant_id/mentionable': EDITORS,
  'POST /api/variants/:kind/:variant_id/comments': EDITORS,
  'POST /api/variants/:kind/:variant_id/review-link': EDITORS,
  'GET /api/review/:token': 'anyone',
  'POST /api/review/:token': 'anyone',
  'POST /api/channels/connect': ADMINS,
  'GET /api/channels/pending/:state': ADMINS,
  'POST /api/channels/pending/:state': ADMINS,
  'POST /api/channels/connect-links': ADMINS,
  'GET /api/connect-links/pending/:state': 'anyone',
  'POST /api/connect-links/pending/:state': 'anyone',
  'GET /oauth/:network/callback': 'anyone',
  'GET /connect/:token': 'anyone',
  'GET /connect/:token/start': 'anyone',
  'GET /api/agent/instruction': 'agent',
  'POST /api/agent/instructions/:id/report': 'agent',
  'POST /api/agent/heartbeat': 'agent',
};

/**
 * A person of a role, or a script with an API token of a role: the least (viewer) and the most
 * (super admin) a token may hold. A token's abilities are its role's, read as a session's are:
 * what sets it apart, its refusal on the session-only routes, holds whatever the role.
 */
const TOKEN_ROLES = [V, S] as const;
type Caller = 'anonymous' | 'no role' | Role | `token of ${(typeof TOKEN_ROLES)[number]}`;
const ROLES = [V, E, A, S] as const;
const CALLERS: readonly Caller[] = [
  'anonymous',
  'no role',
  ...ROLES,
  ...TOKEN_ROLES.map((role) => `token of ${role}` as const),
];

/**
 * What the caller must get: `passes` means any answer but 401 and 403. A token passes where its
 * role does, but for the routes a session only may call (`sessionOnly`), where it gets 403.
 */
function expectedFor(allowed: Allowed, caller: Caller, sessionOnly: boolean): 401 | 403 | 'passes' {
  if (allowed === 'anyone') return 'passes';
  if (allowed === 'agent' || allowed === 'challenge') return 401;
  if (caller === 'anonymous') return 401;
  const role = caller.replace(/^token of /, '') as Caller;
  if (role !== caller && sessionOnly) return 403;
  if (allowed === 'signed-in') return 'passes';
  return (allowed as readonly Caller[]).includes(role) ? 'passes' : 403;
}

/** A 403's message: a token on a session's route is told so; any other caller, forbidden. */
const refusal = (caller: Caller, sessionOnly: boolean) =>
  caller.startsWith('token of ') && sessionOnly ? TOKEN_MESSAGES.sessionOnly : MESSAGES.forbidden;

let server: TestServer;
let ACCESS_MATRIX: Record<string, Allowed>;
const clients = new Map<Caller, ApiClient>();
beforeAll(async () => {
  server = await startTestServer();
  ACCESS_MATRIX = { ...standardRows(server.app.registeredRoutes), ...OWN_ROWS };
  clients.set('anonymous', server.client());
  clients.set('no role', await server.userWithRoles([]));
  for (const role of [V, E, A] as const) clients.set(role, await server.userWithRoles([role]));
  const superAdmin = await server.admin();
  clients.set(S, superAdmin);
  // Each token makes a request per route: more than a minute's default allowance.
  await setSetting(superAdmin, TOKEN_RATE_SETTING, '0');
  const roleIds = await roleIdsByName(superAdmin);
  for (const role of TOKEN_ROLES) {
    const made = await superAdmin.post('/api/tokens', {
      name: `Matrix ${role}`,
      role_id: roleIds[role],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    if (made.status !== 201) throw new Error(`Token of ${role}: ${JSON.stringify(made.body)}`);
    clients.set(`token of ${role}`, new TokenClient(server.url, made.body.token));
  }
});
afterAll(() => server.close());

const routeKeys = () =>
  server.app.registeredRoutes
    .filter((route) => route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);

describe('the access matrix', () => {
  it('has one row per registered route, and no row without its route', () => {
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual([...new Set(routeKeys())].sort());
    const heads = server.app.registeredRoutes.filter((route) => route.method === 'HEAD');
    for (const head of heads) expect(ACCESS_MATRIX[`GET ${head.url}`]).toBeDefined();
  });

  // About a thousand requests, one after the other: more than a test's usual budget on a busy machine.
  it('holds for every route and every kind of caller', async () => {
    // Unknown ids and empty bodies: a caller let through meets a 404 or a 422, never a change.
    // Signing out comes last, as it ends the callers' sessions.
    const keys = Object.keys(ACCESS_MATRIX).sort(
      (a, b) => Number(a === 'POST /logout') - Number(b === 'POST /logout'),
    );
    const failures: string[] = [];
    const sessionOnly = new Set(
      server.app.registeredRoutes
        .filter((route) => route.sessionOnly)
        .map((route) => `${route.method} ${route.url}`),
    );
    for (const key of keys) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:[A-Za-z]+/g, '999999');
      for (const caller of CALLERS) {
        const response = await clients
          .get(caller)!
          .request(method, path, method === 'GET' ? {} : { body: {} });
        const allowed = ACCESS_MATRIX[key]!;
        const expected = expectedFor(allowed, caller, sessionOnly.has(key));
        // Without a pending sign-in the body is refused (422) or the step is (401), never passed.
        const ok =
          allowed === 'challenge'
            ? response.status === 401 || response.status === 422
            : expected === 'passes'
              ? response.status !== 401 && response.status !== 403 && response.status < 500
              : response.status === expected &&
                (expected === 401 ||
                  response.body.message === refusal(caller, sessionOnly.has(key)));
        if (!ok) failures.push(`${key} as ${caller}: ${response.status}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
