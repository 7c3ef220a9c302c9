import {
  idParamSchema,
  messageSchema,
  SESSION_MESSAGES,
  sessionsEndedAnswerSchema,
  TWO_FACTOR_MESSAGES,
} from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { removeTwoFactor } from '../../db/two-factor.ts';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { type AuthContext, destroyUserSessions } from '../../plugins/sessions.ts';
import { assertNotAboveCaller } from './service.ts';

const tags = ['users'];

/**
 * The user exists and the caller may manage them. Answers which session to spare: the caller's
 * own, when they act on themself, so they are not signed out by their own click.
 */
async function manageableUser(db: Db, caller: AuthContext, id: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw notFound();
  await assertNotAboveCaller(db, caller, [id]);
  return id === caller.userId ? caller.sessionId : undefined;
}

/** An administrator's help with a user's access: sign them out everywhere, reset their 2FA. */
export const userAccessRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.delete(
    '/api/users/:id/sessions',
    {
      config: { access: 'user-update' },
      schema: {
        summary: 'Sign a user out everywhere',
        tags,
        params: idParamSchema,
        response: { 200: sessionsEndedAnswerSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const spared = await manageableUser(db, currentUser(request), id);
      const count = await db.transaction(async (tx) => {
        const ended = await destroyUserSessions(tx, id, spared);
        await recordAudit(tx, {
          action: 'signed_out',
          subjectType: 'user',
          subjectId: id,
          details: { sessions: ended, everywhere: true },
        });
        return ended;
      });
      return { message: SESSION_MESSAGES.userSignedOut(count), count };
    },
  );

  app.delete(
    '/api/users/:id/two-factor',
    {
      config: { access: 'user-update' },
      schema: {
        summary: "Reset a user's two-factor sign-in",
        tags,
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const spared = await manageableUser(db, currentUser(request), id);
      await db.transaction(async (tx) => {
        await removeTwoFactor(tx, id);
        await destroyUserSessions(tx, id, spared);
        await recordAudit(tx, {
          action: 'two_factor_changed',
          subjectType: 'user',
          subjectId: id,
          details: { two_factor: 'reset' },
        });
      });
      return { message: TWO_FACTOR_MESSAGES.reset };
    },
  );
};
