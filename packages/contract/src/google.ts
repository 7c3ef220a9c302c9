import { z } from 'zod';

/** GET /api/google-auth: where to send the browser for Google's consent. */
export const googleAuthAnswerSchema = z.object({ auth_url: z.string() });
export const googleCallbackSchema = z.strictObject({
  code: z.string({ error: 'The code is required' }).min(1, 'The code is required').max(2000),
  state: z.string({ error: 'The state is required' }).min(1, 'The state is required').max(200),
});
