import { type AgentGenerateKind, WEBSITE_STATUS } from '@sitefleet/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { agentInstructions, instances, scheduledTasks } from '../../db/schema.ts';
import type { TaskDefinition, TaskSource } from '../../jobs/scheduler.ts';
import {
  describeWork,
  LOG_STATUS,
  openInstruction,
  writeInstanceLog,
} from '../../modules/agent/instructions.ts';
import { clockTime, dispatchCommand, nextGapTime } from '../../modules/agent/schedule.ts';
import { websitePrompt } from '../ai/prompts.ts';

/**
 * The scheduler sets a task's next run when its row first appears and after each run, so an
 * edited gap would only count from the day after: move those rows to the new gap now.
 */
async function followEditedGaps(db: Db, gapByCommand: Map<string, string>) {
  if (gapByCommand.size === 0) return;
  const notRunning = ne(scheduledTasks.status, 'Running');
  const rows = await db
    .select({ command: scheduledTasks.command, nextRun: scheduledTasks.nextRun })
    .from(scheduledTasks)
    .where(and(inArray(scheduledTasks.command, [...gapByCommand.keys()]), notRunning));
  const now = new Date();
  for (const row of rows) {
    const gap = gapByCommand.get(row.command)!;
    if (row.nextRun && clockTime(row.nextRun) !== gap) {
      await db
        .update(scheduledTasks)
        .set({ nextRun: nextGapTime(gap, now), updatedAt: now })
        .where(and(eq(scheduledTasks.command, row.command), notRunning));
    }
  }
}

/** What the next instruction asks for. */
interface Work {
  website_id: number;
  website_name: string;
  generate: AgentGenerateKind;
  category_id: number;
  category_name: string;
  limit: number;
}

/**
 * Chooses the work that waited longest, so that websites take turns: first the website whose last
 * instruction (from any instance) is oldest, then within it the kind, then the category. As for
 * the scheduled AI refresh, work is new sub-categories and new posts for the active auto-sync
 * categories of an active website, each kind while the website's limit for it is above 0.
 */
async function nextWork(db: Db): Promise<Work | undefined> {
  const [work] = await queryRows<Work>(
    db,
    sql`
    WITH history AS (
      SELECT website_id, generate, category_id, max(created_at) AS last_at
      FROM agent_instructions GROUP BY website_id, generate, category_id
    ), work AS (
      SELECT w.id AS website_id, w.name AS website_name, kind.generate,
             c.id AS category_id, c.name AS category_name,
             CASE kind.generate WHEN 'categories' THEN s.categories_limit ELSE s.posts_limit END
               AS "limit"
      FROM websites w
      JOIN website_settings s ON s.website_id = w.id
      JOIN category_variants v ON v.website_id = w.id
      JOIN categories c ON c.id = v.category_id AND c.status = 1 AND c.auto_google_sync = 1
      CROSS JOIN (VALUES ('categories'), ('posts')) AS kind(generate)
      WHERE w.status = ${WEBSITE_STATUS.active}
    )
    SELECT * FROM work
    WHERE "limit" > 0
    ORDER BY
      (SELECT max(h.last_at) FROM history h WHERE h.website_id = work.website_id) NULLS FIRST,
      work.website_id,
      (SELECT max(h.last_at) FROM history h
        WHERE h.website_id = work.website_id AND h.generate = work.generate) NULLS FIRST,
      work.generate,
      (SELECT h.last_at FROM history h
        WHERE h.website_id = work.website_id AND h.generate = work.generate
          AND h.category_id = work.category_id) NULLS FIRST,
      work.category_id
    LIMIT 1`,
  );
  return work;
}

/**
 * Prepares the instance's next instruction, unless its agent still has one to report. A stopped
 * or terminated instance has no agent to ask, and gets nothing (nor a log row each day).
 */
export async function dispatchInstruction(db: Db, instanceId: number) {
  await db.transaction(async (tx) => {
    // Instances with the same gap are dispatched together, by several processes too: one at a
    // time, so that each sees the instructions before it and the websites take turns.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('agent-dispatch'))`);
    const [instance] = await tx
      .select({
        id: instances.id,
        ipAddress: instances.ipAddress,
        gap: instances.gap,
        currentState: instances.currentState,
      })
      .from(instances)
      .where(eq(instances.id, instanceId));
    if (instance?.currentState !== 'running') return;
    const log = (status: string, details: Record<string, unknown>) =>
      writeInstanceLog(tx, instance, { ipAddress: instance.ipAddress, status, details });

    const open = await openInstruction(tx, instance.id);
    if (open) return log(LOG_STATUS.stillOpen, { instruction_id: open.id });
    const work = await nextWork(tx);
    if (!work) return log(LOG_STATUS.nothingToDo, {});

    // The same prompt as the scheduled AI refresh: the website's own, or the default one.
    const prompt = await websitePrompt(tx, work.generate === 'categories' ? 'category' : 'post', {
      website: { id: work.website_id, name: work.website_name },
      categoryId: work.category_id,
    });
    const [instruction] = await tx
      .insert(agentInstructions)
      .values({
        instanceId: instance.id,
        websiteId: work.website_id,
        generate: work.generate,
        categoryId: work.category_id,
        prompt,
        limit: work.limit,
      })
      .returning({ id: agentInstructions.id });
    const described = describeWork({
      generate: work.generate,
      limit: work.limit,
      websiteName: work.website_name,
      categoryName: work.category_name,
    });
    return log(LOG_STATUS.prepared(described), {
      instruction_id: instruction!.id,
      generate: work.generate,
      website_id: work.website_id,
      category_id: work.category_id,
      limit: work.limit,
    });
  });
}

/** One task per instance: at its gap time, prepare the agent's next instruction. */
export const instanceDispatchTasks: TaskSource = async ({ db }) => {
  const rows = await db.select({ id: instances.id, gap: instances.gap }).from(instances);
  await followEditedGaps(db, new Map(rows.map((row) => [dispatchCommand(row.id), row.gap])));
  return rows.map(
    (row): TaskDefinition => ({
      command: dispatchCommand(row.id),
      nextRun: (from) => nextGapTime(row.gap, from),
      run: (context) => dispatchInstruction(context.db, row.id),
    }),
  );
};
