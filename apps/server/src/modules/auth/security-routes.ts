import {
  activeSessionListSchema,
  messageSchema,
  recoveryCodesAnswerSchema,
  recoveryCodesRegenerateSchema,
  SESSION_MESSAGES,
  sessionParamsSchema,
  sessionsEndedAnswerSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { removeTwoFactor } from '../../db/two-factor.ts';
import { validationError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { destroyUserSessions, SESSION_COOKIE } from '../../plugins/sessions.ts';
import { checkCurrentPassword } from './profile.ts';
import { endUserSession, listUserSessions } from './session-list.ts';
import {
  confirmTwoFactorSetup,
  isTwoFactorEnabled,
  recordTwoFactorChange,
  regenerateRecoveryCodes,
  roleRequiresTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.ts';

const tags = ['profile'];

/** The user ended sessions of their own: this one, one elsewhere, or all the others. */
function recordSignOut(tx: Db, userId: number, details: Record<string, unknown>) {
  return recordAudit(tx, { action: 'signed_out', subjectType: 'user', subjectId: userId, details });
}

/**
 * The caller's own two-factor sign-in and sessions. Like the rest of the profile they need no
 * ability beyond being signed in: they only ever touch the caller's own rows.
 */
/** The caller's own sign-in security: a signed-in session only, never an API token. */
const OWN = { access: 'signed-in', sessionOnly: true } as const;

export const profileSecurityRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, secrets },
) => {
  app.get(
    '/api/profile/two-factor',
    {
      config: OWN,
      schema: {
        summary: "The signed-in user's two-factor state",
        tags,
        response: { 200: twoFactorStatusSchema },
      },
    },
    (request) => twoFactorStatus(db, currentUser(request).userId),
  );

  app.post(
    '/api/profile/two-factor/setup',
    {
      config: OWN,
      schema: {
        summary: 'Start setting up two-factor sign-in',
        tags,
        response: { 200: twoFactorSetupSchema },
      },
    },
    (request) => startTwoFactorSetup(db, secrets, currentUser(request).userId),
  );

  app.post(
    '/api/profile/two-factor/enable',
    {
      config: OWN,
      schema: {
        summary: 'Turn two-factor sign-in on',
        tags,
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesAnswerSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const codes = await confirmTwoFactorSetup(db, secrets, caller.userId, request.body.code);
      await destroyUserSessions(db, caller.userId, caller.sessionId);
      return { message: TWO_FACTOR_MESSAGES.enabled, recovery_codes: codes };
    },
  );

  app.post(
    '/api/profile/two-factor/disable',
    {
      config: OWN,
      schema: {
        summary: 'Turn two-factor sign-in off',
        tags,
        body: twoFactorDisableSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      if (!(await isTwoFactorEnabled(db, caller.userId))) {
        throw validationError({ currentPassword: TWO_FACTOR_MESSAGES.notEnabled });
      }
      if (await roleRequiresTwoFactor(db, caller.userId)) {
        throw validationError({ currentPassword: TWO_FACTOR_MESSAGES.requiredByRole });
      }
      await checkCurrentPassword(db, caller.userId, request.body.currentPassword);
      await db.transaction(async (tx) => {
        await removeTwoFactor(tx, caller.userId);
        await destroyUserSessions(tx, caller.userId, caller.sessionId);
        await recordTwoFactorChange(tx, caller.userId, 'disabled');
      });
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.post(
    '/api/profile/two-factor/recovery-codes',
    {
      config: OWN,
      schema: {
        tags,
        summary: 'New recovery codes, shown once; the old ones stop working',
        body: recoveryCodesRegenerateSchema,
        response: { 200: recoveryCodesAnswerSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const codes = await regenerateRecoveryCodes(db, secrets, caller.userId, request.body);
      await destroyUserSessions(db, caller.userId, caller.sessionId);
      return { message: TWO_FACTOR_MESSAGES.recoveryCodesRegenerated, recovery_codes: codes };
    },
  );

  app.get(
    '/api/profile/sessions',
    {
      config: OWN,
      schema: {
        summary: "The signed-in user's sessions",
        tags,
        response: { 200: activeSessionListSchema },
      },
    },
    (request) => {
      const caller = currentUser(request);
      return listUserSessions(db, caller.userId, caller.sessionId);
    },
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      config: OWN,
      schema: {
        summary: "Sign out one of the signed-in user's sessions",
        tags,
        params: sessionParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      await db.transaction(async (tx) => {
        await endUserSession(tx, caller.userId, request.params.id);
        await recordSignOut(tx, caller.userId, { sessions: 1 });
      });
      if (request.params.id === caller.sessionId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: SESSION_MESSAGES.signedOut };
    },
  );

  app.post(
    '/api/profile/sessions/sign-out-others',
    {
      config: OWN,
      schema: {
        summary: 'Sign out every other session',
        tags,
        response: { 200: sessionsEndedAnswerSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const count = await db.transaction(async (tx) => {
        const ended = await destroyUserSessions(tx, caller.userId, caller.sessionId);
        await recordSignOut(tx, caller.userId, { sessions: ended, others: true });
        return ended;
      });
      return { message: SESSION_MESSAGES.othersSignedOut(count), count };
    },
  );
};
