import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { userRecoveryCodes, userTwoFactor } from './schema.ts';

/** Forgets a user's second factor and recovery codes: their own turn-off, or an admin's reset. */
export async function removeTwoFactor(db: Db, userId: number) {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}
