import { z } from 'zod';
import { loginAnswerSchema, profileSchema } from './auth.ts';
import { messageSchema } from './errors.ts';
import { PROFILE_MESSAGES } from './profile.ts';

/** RFC 6238 as every authenticator app reads it: 6 digits, 30-second steps, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step before or after the server's clock are accepted, for clock drift. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 8;
/** A pending second step of sign-in lasts this long. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeInvalid: 'The code is not valid. Enter the current code from your authenticator app',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeInvalid: 'This recovery code is not valid or has already been used',
  oneOfCodes: 'Enter either a code from your authenticator app or a recovery code',
  challenge: 'Enter the code from your authenticator app to finish signing in.',
  setupRequired: 'Your role requires two-factor sign-in. Set it up to finish signing in.',
  challengeExpired: 'Your sign-in has expired. Enter your email and password again.',
  notSetUp: 'Scan the QR code first, then enter the code it shows',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  requiredByRole: 'Your role requires two-factor sign-in: it cannot be turned off',
  enabled:
    'Two-factor sign-in is on. Keep your recovery codes somewhere safe. Your other sessions have been signed out.',
  disabled: 'Two-factor sign-in is off. Your other sessions have been signed out.',
  passwordOrCode: 'Enter either your password or a code from your authenticator app',
  recoveryCodesRegenerated:
    'New recovery codes are ready: the old ones no longer work. Your other sessions have been signed out.',
  signedIn: 'Signed in successfully.',
  reset: 'Two-factor sign-in has been reset. The user has been signed out everywhere.',
  roleRequired: (required: boolean) =>
    required
      ? 'The role now requires two-factor sign-in. Its users set it up at their next sign-in.'
      : 'The role no longer requires two-factor sign-in.',
} as const;

const emptyAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A code as an authenticator app shows it; spaces (`123 456`) are ignored. */
export const totpCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeRequired));

/** Recovery codes are shown as `XXXX-XXXX-XXXX-XXXX`; case, spaces and dashes do not matter. */
export const recoveryCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .max(100, TWO_FACTOR_MESSAGES.recoveryCodeInvalid)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired));

/** What POST /login answers when the password is right but a second step is needed. */
export const TWO_FACTOR_STEPS = ['challenge', 'setup'] as const;
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number];

export const twoFactorStepAnswerSchema = messageSchema.extend({
  two_factor: z.enum(TWO_FACTOR_STEPS),
});

/** What POST /login answers: signed in, or a second step to take. */
export const loginResultSchema = z.union([loginAnswerSchema, twoFactorStepAnswerSchema]);

/** POST /login/two-factor: a code from the app, or a recovery code (each works once). */
export const twoFactorLoginSchema = z
  .strictObject({
    code: totpCodeField.optional(),
    recovery_code: recoveryCodeField.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.recovery_code === undefined), {
    path: ['code'],
    error: TWO_FACTOR_MESSAGES.oneOfCodes,
  });
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

/**
 * The answer of POST /login/two-factor: the session's user, and the recovery codes when this
 * step also finished the setup a role required (shown once).
 */
export const twoFactorLoginAnswerSchema = messageSchema.extend({
  user: profileSchema,
  recovery_codes: z.array(z.string()).optional(),
});

/** A new secret to scan: the otpauth URI, the same as a QR code image (data URL), and the key. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** GET /api/profile/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** One of the user's roles requires it. */
  required: z.boolean(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/profile/two-factor/enable */
export const twoFactorEnableSchema = z.strictObject({ code: totpCodeField });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

export const recoveryCodesAnswerSchema = messageSchema.extend({
  recovery_codes: z.array(z.string()),
});

/** POST /api/profile/two-factor/disable: the password proves it is the user at the keyboard. */
export const twoFactorDisableSchema = z.strictObject({
  currentPassword: z
    .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
    .min(1, PROFILE_MESSAGES.currentPasswordRequired),
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/**
 * POST /api/profile/two-factor/recovery-codes: new codes replace the old ones. The password or a
 * code from the app (exactly one) proves it is the user at the keyboard.
 */
export const recoveryCodesRegenerateSchema = z
  .strictObject({
    // A form sends the field it left empty as '': that is the same as leaving it out.
    currentPassword: z.preprocess(
      emptyAsAbsent,
      z
        .string({ error: TWO_FACTOR_MESSAGES.passwordOrCode })
        .min(1, TWO_FACTOR_MESSAGES.passwordOrCode)
        .optional(),
    ),
    code: z.preprocess(emptyAsAbsent, totpCodeField.optional()),
  })
  .refine((input) => (input.currentPassword === undefined) !== (input.code === undefined), {
    path: ['currentPassword'],
    error: TWO_FACTOR_MESSAGES.passwordOrCode,
  });
export type RecoveryCodesRegenerateInput = z.input<typeof recoveryCodesRegenerateSchema>;

/** GET and PUT /api/roles/{id}/two-factor */
export const roleTwoFactorSchema = z.strictObject({
  required: z.boolean({ error: 'Required must be true or false' }),
});
export const roleTwoFactorAnswerSchema = messageSchema.extend({ required: z.boolean() });
