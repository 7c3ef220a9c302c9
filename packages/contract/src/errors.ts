import { z } from 'zod';

/** The 422 answer every form reads: a summary and, per field, its messages. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const MESSAGES = {
  validation: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  serverError: 'Server error.',
  csrf: 'The request must carry the X-Requested-With header.',
  badOrigin: 'The request comes from another origin.',
  invalidCredentials: 'These credentials do not match our records.',
  throttled: (seconds: number) =>
    `Too many login attempts. Please try again in ${seconds} seconds.`,
  unknownField: (field: string) => `The field ${field} is not allowed.`,
  payloadTooLarge: 'The request body is too large.',
  malformedJson: 'The request body is not valid JSON.',
  alreadyTaken: 'This value is already taken.',
  googleStateMismatch: 'The Google authorisation does not match this session. Start again.',
  googleExchangeFailed: (status: number) =>
    `Google refused the authorisation code (HTTP ${status}). Start again.`,
  googleConnected: 'YouTube is connected.',
  googleNotConnected: 'YouTube is not connected: sign in with Google from the dashboard.',
  googleNotConfigured: 'Google sign-in is not configured. Set the Google client in the settings.',
} as const;
