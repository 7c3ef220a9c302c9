import { z } from 'zod';
import { messageSchema } from './errors.ts';

export const SESSION_MESSAGES = {
  signedOut: 'The session has been signed out.',
  othersSignedOut: (count: number) =>
    count === 0
      ? 'There were no other sessions to sign out.'
      : `${count} other ${count === 1 ? 'session has' : 'sessions have'} been signed out.`,
  userSignedOut: (count: number) =>
    `The user has been signed out everywhere (${count} ${count === 1 ? 'session' : 'sessions'}).`,
  unknownSession: 'This session does not exist or has already ended',
} as const;

/** A session as its owner sees it. `id` is the digest the server keys it by, never the cookie. */
export const activeSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip_address: z.string().nullable(),
  browser: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.array(activeSessionSchema);

/** DELETE /api/profile/sessions/{id}: a SHA-256 digest in hex. */
export const sessionParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, SESSION_MESSAGES.unknownSession),
});

export const sessionsEndedAnswerSchema = messageSchema.extend({ count: z.number() });

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome on Linux' from a User-Agent header: the browser family and system, nothing finer. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}
