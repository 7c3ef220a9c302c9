import {
  TWO_FACTOR_MESSAGES,
  twoFactorLoginAnswerSchema,
  twoFactorLoginSchema,
  twoFactorSetupSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound, validationError } from '../../errors.ts';
import { closeChallenge, currentChallenge } from './login-challenges.ts';
import { getProfile } from './service.ts';
import { beginSession } from './sign-in.ts';
import {
  confirmTwoFactorSetup,
  isTwoFactorEnabled,
  startTwoFactorSetup,
  verifySecondFactor,
} from './two-factor.ts';

const tags = ['auth'];

/**
 * The second step of a sign-in. Public, like /login: what the caller proves is the pending
 * challenge its cookie holds, which only a right password opened.
 */
export const twoFactorLoginRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, secrets },
) => {
  app.post(
    '/login/two-factor',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Second step of sign-in: the two-factor code',
        tags,
        body: twoFactorLoginSchema,
        response: { 200: twoFactorLoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const challenge = await currentChallenge(db, request);
      const { userId, remember } = challenge;
      let recoveryCodes: string[] | undefined;
      if (await isTwoFactorEnabled(db, userId)) {
        await verifySecondFactor(db, secrets, userId, request.body);
      } else {
        // The setup a role requires: a code from the app confirms the secret just scanned.
        const { code } = request.body;
        if (code === undefined) throw validationError({ code: TWO_FACTOR_MESSAGES.codeRequired });
        recoveryCodes = await confirmTwoFactorSetup(db, secrets, userId, code);
      }
      await closeChallenge(db, reply, challenge.id);
      await beginSession(db, request, reply, { userId, remember });
      const user = await getProfile(db, userId);
      if (!user) throw notFound();
      return {
        message: TWO_FACTOR_MESSAGES.signedIn,
        user,
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
      };
    },
  );

  app.post(
    '/login/two-factor/setup',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set up two-factor sign-in during sign-in',
        tags,
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => {
      const { userId } = await currentChallenge(db, request);
      return startTwoFactorSetup(db, secrets, userId);
    },
  );
};
