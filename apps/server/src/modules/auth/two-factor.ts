import { createHash } from 'node:crypto';
import {
  DEFAULT_APP_NAME,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@sitefleet/contract';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { recordAudit } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { userRecoveryCodes, users, userTwoFactor } from '../../db/schema.ts';
import { notFound, validationError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { checkCurrentPassword } from './profile.ts';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle.ts';

const totpFor = (secret: Secret, label: string) =>
  new TOTP({
    issuer: DEFAULT_APP_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret,
  });

/**
 * Recovery codes carry 80 random bits (16 base32 characters), so a plain SHA-256 is enough to
 * store them: no dictionary or brute force reaches them, unlike a password. A digest also lets a
 * code be found and spent in one conditional UPDATE, so two requests cannot both use it.
 */
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/-/g, '')).digest('hex');

/** `XXXX-XXXX-XXXX-XXXX`: 10 random bytes in base32. */
const newRecoveryCode = () => new Secret({ size: 10 }).base32.match(/.{4}/g)!.join('-');

async function twoFactorRow(db: Db, userId: number) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** Whether one of the user's roles requires a second factor. */
export async function roleRequiresTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ required: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
          WHERE ur.user_id = ${userId} AND r.requires_two_factor) AS required`,
  );
  return row?.required ?? false;
}

export async function isTwoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  return Boolean((await twoFactorRow(db, userId))?.enabledAt);
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorEnabled(db, userId);
  const [left] = await db
    .select({ total: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return {
    enabled,
    required: await roleRequiresTwoFactor(db, userId),
    recovery_codes_left: enabled ? left!.total : 0,
  };
}

/**
 * A new secret to scan, kept (sealed) beside the user until a code confirms it. Starting again
 * replaces an unconfirmed secret; a confirmed one must be turned off first.
 */
export async function startTwoFactorSetup(
  db: Db,
  secrets: SecretBox,
  userId: number,
): Promise<TwoFactorSetup> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (await isTwoFactorEnabled(db, userId)) {
    throw validationError({ code: TWO_FACTOR_MESSAGES.alreadyEnabled });
  }
  const secret = new Secret({ size: 20 });
  const sealed = secrets.seal(secret.base32);
  await db
    .insert(userTwoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: sealed, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
    });
  await recordTwoFactorChange(db, userId, 'setup_started');
  const otpauthUrl = totpFor(secret, user.email).toString();
  // Loaded on the first set-up only: a server that never draws a QR code does not hold it.
  const { default: QRCode } = await import('qrcode');
  return {
    secret: secret.base32,
    otpauth_url: otpauthUrl,
    qr_code: await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 }),
  };
}

/**
 * Checks a code against the user's secret (the confirmed one, or with `pending` the one being set
 * up). A code is spent when accepted: its 30-second step is recorded and a code of that step or
 * an earlier one is refused from then on, so an overheard code cannot be replayed.
 */
async function spendTotpCode(
  db: Db,
  secrets: SecretBox,
  userId: number,
  code: string,
  pending: boolean,
): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const totp = totpFor(Secret.fromBase32(secrets.open(row.secret)), '');
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  const spent = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return spent.length === 1;
}

/** Spends one unused recovery code of the user; false when none matches. */
async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: userRecoveryCodes.userId });
  return spent.length === 1;
}

/** Wrong codes count like wrong passwords, per user: a new sign-in does not reset them. */
const codeThrottleKey = (userId: number) => `two-factor|${userId}`;

/**
 * The second factor of a sign-in or of a setup, throttled like the password. `pending` checks
 * the secret being set up instead of the confirmed one. Throws a 422 on the field sent.
 */
export async function verifySecondFactor(
  db: Db,
  secrets: SecretBox,
  userId: number,
  input: { code?: string; recovery_code?: string },
  pending = false,
) {
  const key = codeThrottleKey(userId);
  await assertNotThrottled(db, key);
  if (input.code !== undefined) {
    if (await spendTotpCode(db, secrets, userId, input.code, pending)) {
      await clearFailures(db, key);
      return;
    }
    await recordCodeFailure(db, key, userId, 'code');
    throw validationError({ code: TWO_FACTOR_MESSAGES.codeInvalid });
  }
  if (
    !pending &&
    input.recovery_code &&
    (await spendRecoveryCode(db, userId, input.recovery_code))
  ) {
    await clearFailures(db, key);
    return;
  }
  await recordCodeFailure(db, key, userId, 'recovery_code');
  throw validationError({ recovery_code: TWO_FACTOR_MESSAGES.recoveryCodeInvalid });
}

/** A wrong second factor counts towards the throttle and is a failed sign-in of its user. */
function recordCodeFailure(db: Db, key: string, userId: number, reason: string) {
  return db.transaction(async (tx) => {
    await recordFailure(tx, key);
    await recordAudit(tx, {
      action: 'sign_in_failed',
      subjectType: 'user',
      subjectId: userId,
      userId,
      details: { reason },
    });
  });
}

/**
 * Confirms the secret being set up with a code from the app, turns two-factor sign-in on and
 * answers a fresh set of recovery codes: the only time they are ever shown.
 */
export async function confirmTwoFactorSetup(
  db: Db,
  secrets: SecretBox,
  userId: number,
  code: string,
): Promise<string[]> {
  const row = await twoFactorRow(db, userId);
  if (row?.enabledAt) throw validationError({ code: TWO_FACTOR_MESSAGES.alreadyEnabled });
  if (!row) throw validationError({ code: TWO_FACTOR_MESSAGES.notSetUp });
  await verifySecondFactor(db, secrets, userId, { code }, true);
  return db.transaction(async (tx) => {
    await tx
      .update(userTwoFactor)
      .set({ enabledAt: new Date() })
      .where(eq(userTwoFactor.userId, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordTwoFactorChange(tx, userId, 'enabled');
    return codes;
  });
}

/** A fresh set of recovery codes in place of the user's old ones, answered in plain this once. */
async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db
    .insert(userRecoveryCodes)
    .values(codes.map((plain) => ({ userId, codeHash: hashRecoveryCode(plain) })));
  return codes;
}

/** A change to how the user signs in; the secret and codes never appear. */
export function recordTwoFactorChange(tx: Db, userId: number, change: string) {
  return recordAudit(tx, {
    action: 'two_factor_changed',
    subjectType: 'user',
    subjectId: userId,
    userId,
    details: { two_factor: change },
  });
}

/**
 * New recovery codes for a user whose two-factor sign-in is on, once the password or a code from
 * the app (throttled like each of them) proves it is them: the old codes stop working.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  secrets: SecretBox,
  userId: number,
  proof: { currentPassword?: string; code?: string },
): Promise<string[]> {
  if (!(await isTwoFactorEnabled(db, userId))) {
    throw validationError({ currentPassword: TWO_FACTOR_MESSAGES.notEnabled });
  }
  if (proof.code !== undefined) await verifySecondFactor(db, secrets, userId, { code: proof.code });
  else await checkCurrentPassword(db, userId, proof.currentPassword ?? '');
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordTwoFactorChange(tx, userId, 'recovery_codes_regenerated');
    return codes;
  });
}

/** Forgets the user's secret and recovery codes (turned off, or reset by an administrator). */
