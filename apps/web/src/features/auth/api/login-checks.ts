import { zodResolver } from '@hookform/resolvers/zod';
import { loginResultSchema, loginSchema } from '@sitefleet/contract';

/** The sign-in form's checks and its answer's, loaded on the first submit (see lazyResolver). */
export const loginResolver = zodResolver(loginSchema);
export const parseLoginAnswer = (answer: unknown) => loginResultSchema.parse(answer);
