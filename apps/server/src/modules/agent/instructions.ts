import type { AgentGenerateKind } from '@sitefleet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentInstructions, instanceLogs } from '../../db/schema.ts';

/** An agent instruction's life: prepared at the gap, fetched by the agent, reported back. */
export const INSTRUCTION_STATUS = {
  pending: 'pending',
  sent: 'sent',
  reported: 'reported',
} as const;

/** The instance an agent acts for: what its log rows and answers need. */
export interface AgentInstance {
  id: number;
  ipAddress: string;
  gap: string;
}

export type Instruction = typeof agentInstructions.$inferSelect;

/** Not reported yet: prepared, or fetched and being worked on. */
export const isOpen = inArray(agentInstructions.status, [
  INSTRUCTION_STATUS.pending,
  INSTRUCTION_STATUS.sent,
]);

/**
 * The instance's instruction not reported yet (at most one: the dispatch prepares no other while
 * one is open), locked until the transaction ends so that a fetch and a report do not cross.
 */
export async function openInstruction(db: Db, instanceId: number): Promise<Instruction | null> {
  const [open] = await db
    .select()
    .from(agentInstructions)
    .where(and(eq(agentInstructions.instanceId, instanceId), isOpen))
    .orderBy(asc(agentInstructions.id))
    .limit(1)
    .for('update');
  return open ?? null;
}

/** What an instruction asks for, as the logs say it: "50 posts under Hiking for Travel Blog". */
export function describeWork(work: {
  generate: AgentGenerateKind;
  limit: number;
  websiteName: string;
  categoryName: string;
}): string {
  return `${work.limit} ${work.generate} under ${work.categoryName} for ${work.websiteName}`;
}

const recordWord = (kind: AgentGenerateKind, count: number) =>
  count === 1 ? (kind === 'categories' ? 'category' : 'post') : kind;

/**
 * The Status column of Instance Detailed Logs, where the operator follows the agent: a short
 * sentence each, the ids and numbers in the row's details.
 */
export const LOG_STATUS = {
  prepared: (work: string) => `Instruction prepared: ${work}`,
  sent: (work: string) => `Instruction sent: ${work}`,
  reported: (kind: AgentGenerateKind, created: number, skipped: number) =>
    `Report received: ${created} ${recordWord(kind, created)} created${
      skipped === 0 ? '' : `, ${skipped} already there`
    }`,
  stillOpen: 'No new instruction: the previous one is not reported yet',
  nothingToDo: 'No new instruction: no active website has a limit and auto-sync categories',
} as const;

/** One row of Instance Detailed Logs. */
export async function writeInstanceLog(
  db: Db,
  instance: AgentInstance,
  entry: { ipAddress: string; status: string; details: Record<string, unknown> },
) {
  await db.insert(instanceLogs).values({
    instanceId: instance.id,
    ipAddress: entry.ipAddress,
    gap: instance.gap,
    status: entry.status,
    details: entry.details,
  });
}
