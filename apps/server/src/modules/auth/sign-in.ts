import { TWO_FACTOR_MESSAGES, type TwoFactorStep } from '@sitefleet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import {
  createSession,
  destroySession,
  REMEMBER_MS,
  SESSION_COOKIE,
} from '../../plugins/sessions.ts';
import { openChallenge } from './login-challenges.ts';
import { isTwoFactorEnabled, roleRequiresTwoFactor } from './two-factor.ts';

/**
 * Creates the session of a user who has proven who they are, and sets its cookie. The browser's
 * previous session, if any, ends: each sign-in gets a new id.
 */
export async function beginSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: number; remember: boolean; details?: Record<string, unknown> },
) {
  const previous = request.cookies[SESSION_COOKIE];
  const token = await db.transaction(async (tx) => {
    if (previous) await destroySession(tx, previous);
    const session = await createSession(tx, {
      userId: input.userId,
      remember: input.remember,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await recordAudit(tx, {
      action: 'signed_in',
      subjectType: 'user',
      subjectId: input.userId,
      userId: input.userId,
      details: { remember: input.remember, ...input.details },
    });
    return session.token;
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Without 'Remember Me' the cookie ends with the browser session.
    ...(input.remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}

/**
 * After a right password: the second step the user still owes, if any — a code when two-factor
 * sign-in is on, its setup when a role requires it and it is not. That step is opened (its
 * cookie set) and described; null means the session may begin.
 */
export async function openSecondStep(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: number; remember: boolean },
): Promise<{ message: string; two_factor: TwoFactorStep } | null> {
  let step: TwoFactorStep | null = null;
  if (await isTwoFactorEnabled(db, input.userId)) step = 'challenge';
  else if (await roleRequiresTwoFactor(db, input.userId)) step = 'setup';
  if (!step) return null;
  await openChallenge(db, reply, { ...input, secure: request.protocol === 'https' });
  return {
    message:
      step === 'challenge' ? TWO_FACTOR_MESSAGES.challenge : TWO_FACTOR_MESSAGES.setupRequired,
    two_factor: step,
  };
}
