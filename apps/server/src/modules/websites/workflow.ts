import { WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import { changeWebsiteWorkflow } from '../../content/review/stages.ts';
import type { Db } from '../../db/client.ts';
import { websites, workflows } from '../../db/schema.ts';
import { validationError } from '../../errors.ts';

/**
 * A website's review workflow, changed by its settings: its variants move to the stage at the
 * same position of the new workflow. Answers the change for the settings' audit entry (empty
 * when the workflow stays).
 */
export async function changeWorkflow(
  tx: Db,
  websiteId: number,
  workflowId: number | null | undefined,
): Promise<Record<string, [unknown, unknown]>> {
  if (workflowId === undefined) return {};
  const [website] = await tx
    .select({ workflowId: websites.workflowId })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if ((website?.workflowId ?? null) === workflowId) return {};
  if (workflowId !== null) {
    const [found] = await tx
      .select({ id: workflows.id })
      .from(workflows)
      .where(eq(workflows.id, workflowId));
    if (!found) throw validationError({ workflow_id: WORKFLOW_MESSAGES.unknownWorkflow });
  }
  await tx.update(websites).set({ workflowId }).where(eq(websites.id, websiteId));
  await changeWebsiteWorkflow(tx, websiteId);
  return { workflow_id: [website?.workflowId ?? null, workflowId] };
}
