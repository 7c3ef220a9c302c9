import {
  idParamSchema,
  ROLE_MESSAGES,
  roleTwoFactorAnswerSchema,
  roleTwoFactorSchema,
  TWO_FACTOR_MESSAGES,
} from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['roles'];

async function roleRequirement(db: Db, id: number): Promise<boolean> {
  const [role] = await db
    .select({ required: roles.requiresTwoFactor })
    .from(roles)
    .where(eq(roles.id, id));
  if (!role) throw notFound(ROLE_MESSAGES.unknownRole);
  return role.required;
}

/**
 * Whether a role's users must sign in with a second factor. Turning it on signs out those of
 * them who have none (but the caller), so each is walked through the setup at once, not when a
 * 30-day session ends.
 */
export const roleTwoFactorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/roles/:id/two-factor',
    {
      config: { access: 'role-list' },
      schema: {
        summary: 'Whether a role requires two-factor sign-in',
        tags,
        params: idParamSchema,
        response: { 200: roleTwoFactorSchema },
      },
    },
    async (request) => ({ required: await roleRequirement(db, request.params.id) }),
  );

  app.put(
    '/api/roles/:id/two-factor',
    {
      config: { access: 'role-update' },
      schema: {
        summary: 'Set whether a role requires two-factor sign-in',
        tags,
        params: idParamSchema,
        body: roleTwoFactorSchema,
        response: { 200: roleTwoFactorAnswerSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { required } = request.body;
      const before = await roleRequirement(db, id);
      const caller = currentUser(request);
      await db.transaction(async (tx) => {
        await tx
          .update(roles)
          .set({ requiresTwoFactor: required, updatedAt: new Date() })
          .where(eq(roles.id, id));
        await recordAudit(tx, {
          action: 'two_factor_changed',
          subjectType: 'role',
          subjectId: id,
          changes: { requires_two_factor: [before, required] },
        });
        if (!required) return;
        await tx.execute(
          sql`DELETE FROM sessions s USING user_roles ur
              WHERE ur.user_id = s.user_id AND ur.role_id = ${id} AND s.id <> ${caller.sessionId}
                AND NOT EXISTS (SELECT 1 FROM user_two_factor t
                                WHERE t.user_id = s.user_id AND t.enabled_at IS NOT NULL)`,
        );
      });
      return { message: TWO_FACTOR_MESSAGES.roleRequired(required), required };
    },
  );
};
