import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loginChallenges } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';

/** The cookie that carries a sign-in between its password step and its code step. */
export const CHALLENGE_COOKIE = 'sitefleet_two_factor';
const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LoginChallenge {
  id: string;
  userId: number;
  remember: boolean;
}

/**
 * Opens the second step of a sign-in whose password was right, and sets its cookie. The
 * challenge grants nothing but that step: the session is created once the code is right.
 */
export async function openChallenge(
  db: Db,
  reply: FastifyReply,
  input: { userId: number; remember: boolean; secure: boolean },
) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()));
  await db.insert(loginChallenges).values({
    id: hashToken(token),
    userId: input.userId,
    remember: input.remember,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: '/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: input.secure,
    maxAge: CHALLENGE_MS / 1000,
  });
}

/** The caller's pending second step, or a 401 asking to sign in again. */
export async function currentChallenge(db: Db, request: FastifyRequest): Promise<LoginChallenge> {
  const token = request.cookies[CHALLENGE_COOKIE];
  const [challenge] = token
    ? await db
        .select({
          id: loginChallenges.id,
          userId: loginChallenges.userId,
          remember: loginChallenges.remember,
        })
        .from(loginChallenges)
        .where(
          and(eq(loginChallenges.id, hashToken(token)), gt(loginChallenges.expiresAt, new Date())),
        )
    : [];
  if (!challenge) throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  return challenge;
}

export async function closeChallenge(db: Db, reply: FastifyReply, id: string) {
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/login' });
}

/** A new password step forgets any earlier challenge of this browser (its cookie is replaced). */
export async function dropChallenge(db: Db, request: FastifyRequest) {
  const token = request.cookies[CHALLENGE_COOKIE];
  if (token) await db.delete(loginChallenges).where(eq(loginChallenges.id, hashToken(token)));
}
