import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledTasks } from '../../db/schema.ts';
import type { AgentInstance } from './instructions.ts';

/** When an instance's agent gets its next instruction: its dispatch task, at its gap time. */

export const dispatchCommand = (instanceId: number) => `instance:${instanceId}:dispatch`;

/** The first moment after `from` at which the server's clock reads `gap` (HH:MM). */
export function nextGapTime(gap: string, from: Date): Date {
  const [hours, minutes] = gap.split(':').map(Number) as [number, number];
  const next = new Date(from.getFullYear(), from.getMonth(), from.getDate(), hours, minutes);
  if (next <= from) next.setDate(next.getDate() + 1);
  return next;
}

export const clockTime = (date: Date) =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/** When the instance's next instruction is prepared: its dispatch task's next run. */
export async function nextDispatchAt(db: Db, instance: AgentInstance): Promise<Date> {
  const [task] = await db
    .select({ nextRun: scheduledTasks.nextRun })
    .from(scheduledTasks)
    .where(eq(scheduledTasks.command, dispatchCommand(instance.id)));
  // A new instance has no task row until the scheduler's next tick; it will get this time.
  return task?.nextRun ?? nextGapTime(instance.gap, new Date());
}
