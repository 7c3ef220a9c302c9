import { z } from 'zod';

export const loginSchema = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .email('Email must be a valid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  remember: z.boolean().optional().default(false),
});

export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.string().nullable(),
  roles: z.array(z.object({ name: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginAnswerSchema = z.object({ message: z.string(), user: profileSchema });

export const abilitiesSchema = z.array(z.string());

/** GET /api/settings/fetch: application settings by their dotted name. */
export const appSettingsSchema = z.record(z.string(), z.string().nullable());

const ssoOptionsSchema = z.object({ enabled: z.boolean(), label: z.string() });

/** What the sign-in screen learns without a session: GET /api/auth/options (sso.ts). */
export const authOptionsSchema = z.object({ sso: ssoOptionsSchema, local_login: z.boolean() });

/** GET /api/settings/fetch: the settings every screen reads (`app.*`), and single sign-on's. */
export const appSettingsAnswerSchema = z
  .object({ sso: ssoOptionsSchema })
  .catchall(z.string().nullable());
export type AuthOptions = z.infer<typeof authOptionsSchema>;
