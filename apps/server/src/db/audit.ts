import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditChanges, AuditSubjectType } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import { fieldChanges, secretChanged, withoutNul } from '../lib/audit-diff.ts';
import type { Db } from './client.ts';
import { pruneBefore } from './prune.ts';
import { auditLog, users } from './schema.ts';

/** Who makes the current request, and from where: what every audit entry of it records. */
export interface AuditActor {
  userId: number | null;
  userName: string | null;
  /** The API token the request came with, by its name: the entries name it beside the person. */
  tokenName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const USER_AGENT_MAX = 500;

/** Work done outside a request (a scheduled task, a script): no user, no address. */
const SYSTEM: AuditActor = {
  userId: null,
  userName: null,
  tokenName: null,
  ipAddress: null,
  userAgent: null,
  requestId: null,
};

const actors = new AsyncLocalStorage<AuditActor>();

/** Runs `work` (a request, a script) with `actor` as the author of its audit entries. */
export function runAsActor<T>(actor: AuditActor, work: () => T): T {
  return actors.run(
    { ...actor, userAgent: actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null },
    work,
  );
}

/**
 * The request once its session or API token is read: its entries name the signed-in user, and
 * the token it came through.
 */
export function identifyActor(user: {
  userId: number;
  name: string;
  token: { name: string } | null;
}) {
  const actor = actors.getStore();
  if (!actor) return;
  actor.userId = user.userId;
  actor.userName = user.name;
  actor.tokenName = user.token?.name ?? null;
}

export interface AuditEntryInput {
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId?: number | null;
  /** The record's name at the time, so that the entry reads well after it is gone. */
  subjectName?: string | null;
  changes?: AuditChanges | null;
  details?: Record<string, unknown> | null;
  /**
   * Who acted, when the request's session does not say (a sign-in, before its session): the
   * user's id, their name is read.
   */
  userId?: number | null;
}

async function userName(tx: Db, userId: number) {
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? null;
}

/** Who the current request's entries name: for entries written many at once by one statement. */
export const currentActor = (): AuditActor => actors.getStore() ?? SYSTEM;

/**
 * Writes one audit entry: call it with the transaction of the change it records, so that both
 * are kept or neither is.
 */
export async function recordAudit(tx: Db, entry: AuditEntryInput): Promise<void> {
  const actor = actors.getStore() ?? SYSTEM;
  const named =
    entry.userId == null || entry.userId === actor.userId
      ? { userId: actor.userId, userName: actor.userName }
      : { userId: entry.userId, userName: await userName(tx, entry.userId) };
  await tx.insert(auditLog).values({
    ...named,
    tokenName: actor.tokenName,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    subjectName: entry.subjectName ?? null,
    changes: entry.changes ? withoutNul(entry.changes) : null,
    details: entry.details ? withoutNul(entry.details) : null,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  });
}

/** Deletes the entries older than `days`, a batch at a time; answers how many went. */
export function pruneAuditLog(db: Db, days: number): Promise<number> {
  return pruneBefore(db, 'audit_log', 'created_at', new Date(Date.now() - days * 86_400_000));
}

/**
 * One entry for a bulk call, however many rows it changed: the call's action, the ids it acted
 * on (or its filter, in `details`) and how many rows changed.
 */
export function recordBulkAction(
  tx: Db,
  subjectType: AuditSubjectType,
  action: string,
  target: readonly number[] | { filter: Readonly<Record<string, unknown>>; count: number },
  details: Record<string, unknown> = {},
) {
  const acted = isIdList(target) ? { ids: target, count: target.length } : target;
  return recordAudit(tx, {
    action: 'bulk_action',
    subjectType,
    details: { action, ...acted, ...details },
  });
}

const isIdList = (
  target: readonly number[] | { filter: unknown; count: number },
): target is readonly number[] => Array.isArray(target);

/**
 * The entry of a record created, updated or deleted: its fields that changed between `before`
 * (null for a new record) and `after` (null for a deleted one), secrets redacted.
 */
export function recordChange(
  tx: Db,
  subjectType: AuditSubjectType,
  subject: { id: number; name: string | null },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  details?: Record<string, unknown>,
) {
  return recordAudit(tx, {
    action: before === null ? 'created' : after === null ? 'deleted' : 'updated',
    subjectType,
    subjectId: subject.id,
    subjectName: subject.name,
    changes: fieldChanges(before, after),
    details,
  });
}

/** A secret replaced (a webhook secret, an agent token): only that it changed. */
export function recordSecretRotation(
  tx: Db,
  subjectType: AuditSubjectType,
  subject: { id: number; name: string | null },
  field: string,
) {
  return recordAudit(tx, {
    action: 'secret_rotated',
    subjectType,
    subjectId: subject.id,
    subjectName: subject.name,
    changes: secretChanged(field),
  });
}
