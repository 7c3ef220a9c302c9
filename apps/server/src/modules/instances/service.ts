import { randomBytes } from 'node:crypto';
import {
  INSTANCE_LOGS_PER_PAGE,
  INSTANCE_MESSAGES,
  type Instance,
  type InstanceCreated,
  type InstanceListQuery,
  type InstanceLogsPage,
  type InstanceValues,
  instanceSchema,
} from '@sitefleet/contract';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordBulkAction, recordChange, recordSecretRotation } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { instanceLogs, instances } from '../../db/schema.ts';
import { type Deleter, deleteToTrash } from '../../db/trash.ts';
import { notFound } from '../../errors.ts';
import { hashAgentToken } from '../../lib/secrets.ts';
import { columnOrder, listExport } from '../../lists/export.ts';
import { listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';

/** The columns an instance answer shows: never the agent token's hash. */
const instanceColumns = {
  id: instances.id,
  instance_id: instances.instanceId,
  ip_address: instances.ipAddress,
  current_state: instances.currentState,
  gap: instances.gap,
  region: instances.region,
  type: instances.type,
  cost: instances.cost,
  createdAt: instances.createdAt,
};

const instanceSubject = (row: { id: number; instance_id: string }) => ({
  id: row.id,
  name: row.instance_id,
});

const toInstance = ({ createdAt, ...row }: { createdAt: Date } & Omit<Instance, 'created_at'>) => ({
  ...row,
  created_at: createdAt.toISOString(),
});

/** The Instances list's order keys and their columns. */
const ORDER_COLUMNS = {
  instance_id: instances.instanceId,
  current_state: instances.currentState,
  region: instances.region,
  cost: instances.cost,
  created_at: instances.createdAt,
};

/**
 * GET /api/instances: searched by instance id, address or region, in the order asked (newest
 * first by default).
 */
export async function listInstances(db: Db, request: InstanceListQuery) {
  const where = searchCondition(request.query, [
    instances.instanceId,
    instances.ipAddress,
    instances.region,
  ]);
  return pageOf(request, '/api/instances', {
    rows: async (limit, offset) =>
      (
        await db
          .select(instanceColumns)
          .from(instances)
          .where(where)
          .orderBy(...listOrder(request, ORDER_COLUMNS, instances.id))
          .limit(limit)
          .offset(offset)
      ).map(toInstance),
    count: async () => (await db.select({ total: count() }).from(instances).where(where))[0]!.total,
  });
}

/** GET /api/instances/export: every instance the list finds, in its order. */
export function exportInstances(db: Db, request: InstanceListQuery) {
  const where = searchCondition(request.query, [
    instances.instanceId,
    instances.ipAddress,
    instances.region,
  ]);
  return listExport<Instance>(db, {
    resource: 'instances',
    row: instanceSchema,
    fromWhere: sql`FROM ${instances} WHERE ${where ?? sql`TRUE`}`,
    order: columnOrder(request, ORDER_COLUMNS, instances.id),
    shape: async (ids) =>
      (await db.select(instanceColumns).from(instances).where(inArray(instances.id, ids))).map(
        toInstance,
      ),
  });
}

export async function getInstance(db: Db, id: number): Promise<Instance> {
  const [row] = await db.select(instanceColumns).from(instances).where(eq(instances.id, id));
  if (!row) throw notFound();
  return toInstance(row);
}

const columnsFrom = (values: InstanceValues) => ({
  instanceId: values.instance_id,
  ipAddress: values.ip_address,
  currentState: values.current_state,
  gap: values.gap,
  region: values.region,
  type: values.type,
  cost: values.cost,
});

/**
 * Adds an instance with its agent's first token, which the answer carries this once: the agent
 * can sign in from the start, without a rotation first.
 */
export async function createInstance(db: Db, values: InstanceValues): Promise<InstanceCreated> {
  const token = newAgentToken();
  // A taken instance_id is refused by its unique index (plugins/errors.ts), whoever races for it.
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(instances)
      .values({ ...columnsFrom(values), agentTokenHash: hashAgentToken(token) })
      .returning(instanceColumns);
    // The token is named so that its entry says it was set; its value is redacted.
    const audited = { ...created!, agentToken: token };
    await recordChange(tx, 'instance', instanceSubject(created!), null, audited);
    return created!;
  });
  return { ...toInstance(row), agent_token: token };
}

export async function updateInstance(
  db: Db,
  id: number,
  values: InstanceValues,
): Promise<Instance> {
  const row = await db.transaction(async (tx) => {
    const before = await lockedInstance(tx, id);
    const [updated] = await tx
      .update(instances)
      .set({ ...columnsFrom(values), updatedAt: new Date() })
      .where(eq(instances.id, id))
      .returning(instanceColumns);
    await recordChange(tx, 'instance', instanceSubject(updated!), before, updated!);
    return updated!;
  });
  return toInstance(row);
}

/** The instance, locked for the caller's transaction; a 404 when there is none. */
async function lockedInstance(tx: Db, id: number) {
  const [row] = await tx
    .select(instanceColumns)
    .from(instances)
    .where(eq(instances.id, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Moves the instance, with its logs, to the trash. */
export async function deleteInstance(db: Db, deleter: Deleter, id: number) {
  return db.transaction(async (tx) => {
    const deleted = await lockedInstance(tx, id);
    await deleteToTrash(tx, 'instances', id, deleter);
    await recordChange(tx, 'instance', instanceSubject(deleted), deleted, null);
    return { message: INSTANCE_MESSAGES.deleted(1) };
  });
}

/** Moves the instances and their logs to the trash, all or nothing. */
export async function deleteInstances(db: Db, deleter: Deleter, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await assertIdsExist(tx, 'instances', ids);
    const deleted = await deleteToTrash(tx, 'instances', unique, deleter);
    await recordBulkAction(tx, 'instance', 'delete', deleted);
    return { message: INSTANCE_MESSAGES.deleted(deleted.length) };
  });
}

/** Newest first, a page of INSTANCE_LOGS_PER_PAGE rows. */
export async function instanceLogsPage(
  db: Db,
  request: { instance_id: number; page: number },
): Promise<InstanceLogsPage> {
  await getInstance(db, request.instance_id);
  const ofInstance = eq(instanceLogs.instanceId, request.instance_id);
  const page = await pageOf(
    { page: request.page, per_page: INSTANCE_LOGS_PER_PAGE },
    '/api/instance_instructions',
    {
      rows: async (limit, offset) =>
        (
          await db
            .select({
              id: instanceLogs.id,
              ip_address: instanceLogs.ipAddress,
              gap: instanceLogs.gap,
              status: instanceLogs.status,
              createdAt: instanceLogs.createdAt,
            })
            .from(instanceLogs)
            .where(ofInstance)
            .orderBy(desc(instanceLogs.createdAt), desc(instanceLogs.id))
            .limit(limit)
            .offset(offset)
        ).map(({ createdAt, ...log }) => ({ ...log, created_at: createdAt.toISOString() })),
      count: async () =>
        (await db.select({ total: count() }).from(instanceLogs).where(ofInstance))[0]!.total,
    },
  );
  return {
    data: page.data,
    current_page: page.current_page,
    total_pages: page.last_page,
    per_page: page.per_page,
    total: page.total,
  };
}

const newAgentToken = () => randomBytes(32).toString('base64url');

/** Issues a new agent token for the instance; the answer is the only time it is shown. */
export async function rotateAgentToken(db: Db, id: number) {
  const token = newAgentToken();
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(instances)
      .set({ agentTokenHash: hashAgentToken(token), updatedAt: new Date() })
      .where(eq(instances.id, id))
      .returning({ id: instances.id, instanceId: instances.instanceId });
    if (!updated) throw notFound();
    await recordSecretRotation(tx, 'instance', { id, name: updated.instanceId }, 'agentToken');
  });
  return { token };
}
