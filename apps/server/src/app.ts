import { fileURLToPath } from 'node:url';
import type { ResourceDefinition } from '@sitefleet/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { variantPublishedUrlRoutes } from './content/published-url.ts';
import { variantReviewRoutes } from './content/review/routes.ts';
import { categoryContentRoutes, postContentRoutes } from './content/routes.ts';
import type { AppContext } from './context.ts';
import { IMPORTERS } from './importers.ts';
import { agentRoutes } from './modules/agent/routes.ts';
import { auditLogRoutes } from './modules/audit-log/routes.ts';
import { profileRoutes } from './modules/auth/profile-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { profileSecurityRoutes } from './modules/auth/security-routes.ts';
import { ssoRoutes } from './modules/auth/sso-routes.ts';
import { twoFactorLoginRoutes } from './modules/auth/two-factor-routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { categoriesRoutes } from './modules/categories/routes.ts';
import { googleLoginRoutes } from './modules/channels/connect/google-login-routes.ts';
import { channelsRoutes } from './modules/channels/routes.ts';
import { socialAppUsageRoutes } from './modules/channels/usage.ts';
import { costsRoutes } from './modules/costs/routes.ts';
import { deliveriesRoutes } from './modules/deliveries/routes.ts';
import { economicsRoutes } from './modules/economics/routes.ts';
import { eventSubscriptionsRoutes } from './modules/event-subscriptions/routes.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importsRoutes } from './modules/imports/routes.ts';
import { instancesRoutes } from './modules/instances/routes.ts';
import { monitorRoutes } from './modules/monitor/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { postsRoutes } from './modules/posts/routes.ts';
import { adsenseRoutes } from './modules/revenue/adsense-routes.ts';
import { revenueRoutes } from './modules/revenue/routes.ts';
import { rolesRoutes } from './modules/roles/routes.ts';
import { roleTwoFactorRoutes } from './modules/roles/two-factor-routes.ts';
import { savedViewsRoutes } from './modules/saved-views/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { tokensRoutes } from './modules/tokens/routes.ts';
import { trafficCollectRoutes } from './modules/traffic/collect-routes.ts';
import { trafficGoogleRoutes } from './modules/traffic/google-routes.ts';
import { trafficRoutes } from './modules/traffic/routes.ts';
import { trashRoutes } from './modules/trash/routes.ts';
import { userAccessRoutes } from './modules/users/access-routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { websitesRoutes } from './modules/websites/routes.ts';
import { workflowsRoutes } from './modules/workflows/routes.ts';
import { admissionPlugin } from './plugins/admission.ts';
import { apiDocsRoutes } from './plugins/api-docs.ts';
import { auditActorPlugin } from './plugins/audit-actor.ts';
import { type Access, authPlugin, changingAccess } from './plugins/auth.ts';
import { bodyDrainPlugin } from './plugins/body-drain.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { compressPlugin } from './plugins/external/compress.ts';
import { cookiePlugin } from './plugins/external/cookie.ts';
import { helmetPlugin } from './plugins/external/helmet.ts';
import { swaggerPlugin } from './plugins/external/swagger.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { publicOriginPlugin } from './plugins/public-origin.ts';
import { readsPlugin } from './plugins/reads.ts';
import { requestMetricsPlugin } from './plugins/request-metrics.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { webPlugin } from './plugins/web.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** The declaration of a standard route (resources/standard-routes.ts). */
  resource: ResourceDefinition | undefined;
  /** A signed-in session only: an API token is refused. */
  sessionOnly: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declares, for the test that no route forgets one. */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface BuildAppOptions {
  /** The process's context, its job queue started; the process stops the queue after the app. */
  context: AppContext;
  /** The process's logger; the app logs nothing without one. */
  logger?: FastifyBaseLogger;
}

/** A number of hops trusts the nearest ones, as Fastify does (its types leave numbers out). */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole HTTP application: external plugins, app plugins, routes, then the API docs. */
export async function buildApp({ context, logger }: BuildAppOptions) {
  const { config } = context;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // While the process stops, a request that still reaches it (on a kept-alive connection) is
    // answered, with `Connection: close`, rather than refused.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const { access, resource, sessionOnly = false } = route.config ?? {};
      registeredRoutes.push({ method, url: route.url, access, resource, sessionOnly });
    }
  });
  app.decorate('registeredRoutes', registeredRoutes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookiePlugin);
  await app.register(helmetPlugin);
  await app.register(compressPlugin);
  await app.register(swaggerPlugin);

  await app.register(requestMetricsPlugin, { context });
  await app.register(errorsPlugin);
  await app.register(admissionPlugin, { limit: context.requests });
  await app.register(publicOriginPlugin, {
    publicOrigins: config.PUBLIC_URL,
    listenHost: config.HOST,
  });
  await app.register(jsonBodyPlugin);
  await app.register(bodyDrainPlugin);
  await app.register(auditActorPlugin);
  await app.register(authPlugin, {
    db: context.db,
    sessions: context.sessions,
  });
  await app.register(readsPlugin, { database: context.database, settings: config });
  await app.register(webPlugin, { distDir: config.WEB_DIST_DIR ?? defaultWebDist });

  // Every route plugin: the API's route map. The OpenAPI document lists their paths in this order.
  // Those whose writes may change who may do what forget the sessions kept (changingAccess).
  for (const routes of [
    healthRoutes,
    changingAccess(twoFactorLoginRoutes),
    changingAccess(authRoutes),
    ssoRoutes,
    settingsRoutes,
    statsRoutes,
    trafficRoutes,
    economicsRoutes,
    googleLoginRoutes,
    changingAccess(userAccessRoutes),
    changingAccess(usersRoutes),
    changingAccess(roleTwoFactorRoutes),
    changingAccess(rolesRoutes),
    changingAccess(profileSecurityRoutes),
    changingAccess(profileRoutes),
    changingAccess(tokensRoutes),
    notificationsRoutes,
    websitesRoutes,
    monitorRoutes,
    instancesRoutes,
    categoriesRoutes,
    categoryContentRoutes,
    postsRoutes,
    postContentRoutes,
    calendarRoutes,
    importsRoutes(IMPORTERS),
    deliveriesRoutes,
    agentRoutes,
    savedViewsRoutes,
    workflowsRoutes,
    eventSubscriptionsRoutes,
    channelsRoutes,
    socialAppUsageRoutes,
    variantReviewRoutes,
    variantPublishedUrlRoutes,
    auditLogRoutes,
    changingAccess(trashRoutes),
    searchRoutes,
    eventsRoutes,
    trafficCollectRoutes,
    trafficGoogleRoutes,
    revenueRoutes,
    adsenseRoutes,
    costsRoutes,
  ]) {
    await app.register(routes, context);
  }

  await app.register(apiDocsRoutes);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
