import { randomBytes } from 'node:crypto';
import {
  INSTANCE_LOGS_PER_PAGE,
  INSTANCE_MESSAGES,
  type InstanceCreated,
  type InstanceLogsPage,
  type InstanceValues,
  instancesResource,
} from '@sitefleet/contract';
import { count, desc, eq } from 'drizzle-orm';
import { recordChange, recordSecretRotation } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { assertRowExists } from '../../db/ids.ts';
import { instanceLogs, instances } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { hashAgentToken } from '../../lib/secrets.ts';
import { pageOf } from '../../lists/page.ts';
import { plainResource } from '../../resources/standard-service.ts';

/**
 * Instances are a plain resource (resources/standard-service.ts) but for their creation, which
 * also issues the agent's first token.
 */
export const instanceResource = plainResource({
  declaration: instancesResource,
  table: instances,
  // Never the agent token's hash.
  columns: {
    instance_id: instances.instanceId,
    ip_address: instances.ipAddress,
    current_state: instances.currentState,
    gap: instances.gap,
    region: instances.region,
    type: instances.type,
    cost: instances.cost,
    created_at: instances.createdAt,
  },
  search: [instances.instanceId, instances.ipAddress, instances.region],
  order: {
    instance_id: instances.instanceId,
    current_state: instances.currentState,
    region: instances.region,
    cost: instances.cost,
    created_at: instances.createdAt,
  },
  values: (values: InstanceValues) => ({
    instanceId: values.instance_id,
    ipAddress: values.ip_address,
    currentState: values.current_state,
    gap: values.gap,
    region: values.region,
    type: values.type,
    cost: values.cost,
  }),
  name: (row) => row.instance_id,
  deleted: INSTANCE_MESSAGES.deleted,
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
      .values({ ...instanceResource.values(values), agentTokenHash: hashAgentToken(token) })
      .returning({ id: instances.id, ...instanceResource.columns });
    // The token is named so that its entry says it was set; its value is redacted.
    const audited = { ...created!, agentToken: token };
    const subject = { id: created!.id, name: created!.instance_id };
    await recordChange(tx, 'instance', subject, null, audited);
    return created!;
  });
  return { ...row, created_at: row.created_at.toISOString(), agent_token: token };
}

/** Newest first, a page of INSTANCE_LOGS_PER_PAGE rows. */
export async function instanceLogsPage(
  db: Db,
  request: { instance_id: number; page: number },
): Promise<InstanceLogsPage> {
  await assertRowExists(db, 'instances', request.instance_id);
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
