import { z } from 'zod';

/** The 422 answer every form reads: a summary and, per field, its messages. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

export const messageSchema = z.object({ message: z.string() });

export const MESSAGES = {
  validation: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  serverError: 'Server error.',
  csrf: 'The request must carry the X-Requested-With header.',
  badOrigin: 'The request comes from another origin.',
  unknownHost: 'This server does not answer for that host name.',
  clientGone: 'The client closed the connection before its turn.',
  invalidCredentials: 'These credentials do not match our records.',
  throttled: (seconds: number) =>
    `Too many login attempts. Please try again in ${seconds} seconds.`,
  unknownField: (field: string) => `The field ${field} is not allowed.`,
  payloadTooLarge: 'The request body is too large.',
  malformedJson: 'The request body is not valid JSON.',
  nestedTooDeeply: 'The request body is nested too deeply.',
  prototypeField: 'The fields __proto__ and constructor.prototype are not allowed.',
  alreadyTaken: 'This value is already taken.',
  googleStateMismatch: 'The Google authorisation does not match this session. Start again.',
  googleStateMissing:
    'The address has no state, so this Google authorisation cannot be checked against your session. Start again with Login with Google on the dashboard.',
  googleCodeMissing:
    'The address has no authorization code. Start again with Login with Google on the dashboard.',
  googleExchangeFailed: (status: number) =>
    `Google refused the authorisation code (HTTP ${status}). Start again.`,
  googleConnected: 'YouTube is connected.',
  googleNotConnected: 'YouTube is not connected: sign in with Google from the dashboard.',
  googleNotConfigured:
    'Google sign-in is not configured. Set google.client_id and google.client_secret in Settings (group Google), or the GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET environment variables.',
} as const;
