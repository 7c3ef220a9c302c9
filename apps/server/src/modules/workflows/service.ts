import {
  STAGE_PEOPLE_MAX,
  type StagePeople,
  WORKFLOW_MESSAGES,
  type Workflow,
  type WorkflowListQuery,
  type WorkflowValues,
} from '@sitefleet/contract';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { recordChange } from '../../db/audit.ts';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { roles, users, websites, workflowStages, workflows } from '../../db/schema.ts';
import { HttpError, notFound, validationError } from '../../errors.ts';
import { pageOf } from '../../lists/page.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Workflows with their stages in order and how many websites use each. */
async function withStages(db: Db, rows: { id: number; name: string; isDefault: boolean }[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const stages = await db
    .select()
    .from(workflowStages)
    .where(inArray(workflowStages.workflowId, ids))
    .orderBy(asc(workflowStages.position));
  const usage = await queryRows<{ workflow_id: number; websites: number }>(
    db,
    sql`SELECT COALESCE(workflow_id, (SELECT id FROM workflows WHERE is_default)) AS workflow_id,
               count(*)::int AS websites
        FROM websites GROUP BY 1`,
  );
  return rows.map(
    (row): Workflow => ({
      id: row.id,
      name: row.name,
      is_default: row.isDefault,
      websites_count: usage.find((use) => use.workflow_id === row.id)?.websites ?? 0,
      stages: stages
        .filter((stage) => stage.workflowId === row.id)
        .map((stage) => ({
          id: stage.id,
          name: stage.name,
          colour: stage.colour,
          position: stage.position,
          role_ids: stage.roleIds,
          user_ids: stage.userIds,
        })),
    }),
  );
}

const columns = { id: workflows.id, name: workflows.name, isDefault: workflows.isDefault };

export async function listWorkflows(db: Db, query: WorkflowListQuery, path: string) {
  const where = query.query
    ? sql`${workflows.name} ILIKE ${`%${query.query.replace(/[\\%_]/g, '\\$&')}%`}`
    : undefined;
  const direction = query.order_dir === 'asc' ? asc : desc;
  const orderColumn =
    query.order_key === 'name' ? sql`lower(${workflows.name})` : workflows.createdAt;
  return pageOf(query, path, {
    rows: async (limit, offset) =>
      withStages(
        db,
        await db
          .select(columns)
          .from(workflows)
          .where(where)
          .orderBy(direction(orderColumn), direction(workflows.id))
          .limit(limit)
          .offset(offset),
      ),
    count: async () => {
      const [row] = await db.select({ total: count() }).from(workflows).where(where);
      return row?.total ?? 0;
    },
  });
}

/** Every workflow with its stages, for the menus that move variants and the website settings. */
export async function workflowOptions(db: Db) {
  const rows = await db
    .select(columns)
    .from(workflows)
    .orderBy(asc(sql`lower(${workflows.name})`));
  return (await withStages(db, rows)).map(({ websites_count: _count, ...workflow }) => workflow);
}

/** The roles and users a stage may name, by name. */
export async function stagePeople(db: Db): Promise<StagePeople> {
  return {
    roles: await db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id)),
    users: await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(STAGE_PEOPLE_MAX),
  };
}

export async function getWorkflow(db: Db, id: number): Promise<Workflow> {
  const rows = await db.select(columns).from(workflows).where(eq(workflows.id, id));
  const [workflow] = await withStages(db, rows);
  if (!workflow) throw notFound();
  return workflow;
}

/** The stages' roles and users must exist: 422 on the stage's field otherwise. */
async function assertMembersExist(tx: Tx, values: WorkflowValues) {
  const errors: Record<string, string> = {};
  const roleIds = [...new Set(values.stages.flatMap((stage) => stage.role_ids))];
  const userIds = [...new Set(values.stages.flatMap((stage) => stage.user_ids))];
  const knownRoles = roleIds.length
    ? (await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds))).map(
        (r) => r.id,
      )
    : [];
  const knownUsers = userIds.length
    ? (await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map(
        (u) => u.id,
      )
    : [];
  values.stages.forEach((stage, index) => {
    const missingRoles = stage.role_ids.filter((id) => !knownRoles.includes(id));
    const missingUsers = stage.user_ids.filter((id) => !knownUsers.includes(id));
    if (missingRoles.length)
      errors[`stages.${index}.role_ids`] = WORKFLOW_MESSAGES.unknownRoles(missingRoles);
    if (missingUsers.length)
      errors[`stages.${index}.user_ids`] = WORKFLOW_MESSAGES.unknownUsers(missingUsers);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

const stageRow = (
  workflowId: number,
  stage: WorkflowValues['stages'][number],
  position: number,
) => ({
  workflowId,
  name: stage.name,
  colour: stage.colour,
  position,
  roleIds: stage.role_ids,
  userIds: stage.user_ids,
});

const auditFields = (values: WorkflowValues) => ({
  name: values.name,
  stages: values.stages.map((stage) => stage.name).join(' → '),
});

export async function createWorkflow(db: Db, values: WorkflowValues) {
  const id = await db.transaction(async (tx) => {
    await assertMembersExist(tx, values);
    const [created] = await tx.insert(workflows).values({ name: values.name }).returning();
    await tx
      .insert(workflowStages)
      .values(values.stages.map((stage, i) => stageRow(created!.id, stage, i)));
    await recordChange(tx, 'workflow', created!, null, auditFields(values));
    return created!.id;
  });
  return getWorkflow(db, id);
}

/**
 * Renames a workflow and writes its stages in the new order: the stage at each position keeps
 * its id (and its variants); the variants of stages that go return to the first stage. Every
 * variant of the workflow is then approved exactly when it sits in the last stage.
 */
export async function updateWorkflow(db: Db, id: number, values: WorkflowValues) {
  await db.transaction(async (tx) => {
    const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, id)).for('update');
    if (!workflow) throw notFound();
    await assertMembersExist(tx, values);
    const before = await getWorkflow(tx, id);
    await tx
      .update(workflows)
      .set({ name: values.name, updatedAt: new Date() })
      .where(eq(workflows.id, id));
    for (const [position, stage] of values.stages.entries()) {
      await tx
        .insert(workflowStages)
        .values(stageRow(id, stage, position))
        .onConflictDoUpdate({
          target: [workflowStages.workflowId, workflowStages.position],
          set: {
            name: stage.name,
            colour: stage.colour,
            roleIds: stage.role_ids,
            userIds: stage.user_ids,
          },
        });
    }
    const first = before.stages[0]!.id;
    const gone = before.stages.slice(values.stages.length).map((stage) => stage.id);
    if (gone.length > 0) {
      for (const table of ['category_variants', 'post_variants']) {
        await tx.execute(
          sql`UPDATE ${sql.identifier(table)} SET stage_id = ${first}, updated_at = now()
              WHERE stage_id = ANY(${idArray(gone)})`,
        );
      }
      await tx
        .delete(workflowStages)
        .where(
          and(
            eq(workflowStages.workflowId, id),
            gte(workflowStages.position, values.stages.length),
          ),
        );
    }
    const last = values.stages.length - 1;
    for (const table of ['category_variants', 'post_variants']) {
      await tx.execute(
        sql`UPDATE ${sql.identifier(table)} v SET is_approved = (s.position = ${last}), updated_at = now()
            FROM workflow_stages s
            WHERE s.id = v.stage_id AND s.workflow_id = ${id} AND v.is_approved <> (s.position = ${last})`,
      );
    }
    await recordChange(
      tx,
      'workflow',
      { id, name: values.name },
      { name: before.name, stages: before.stages.map((stage) => stage.name).join(' → ') },
      auditFields(values),
    );
  });
  return getWorkflow(db, id);
}

/** 409 for the default workflow, and while a website uses it. */
export async function deleteWorkflow(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, id)).for('update');
    if (!workflow) throw notFound();
    if (workflow.isDefault) throw new HttpError(409, WORKFLOW_MESSAGES.defaultKept);
    const [used] = await tx
      .select({ total: count() })
      .from(websites)
      .where(eq(websites.workflowId, id));
    if ((used?.total ?? 0) > 0) throw new HttpError(409, WORKFLOW_MESSAGES.inUse(used!.total));
    await tx.delete(workflows).where(eq(workflows.id, id));
    await recordChange(tx, 'workflow', workflow, { name: workflow.name }, null);
  });
}
