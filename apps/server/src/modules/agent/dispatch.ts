import type { TaskSource } from '../../jobs/scheduler.ts';

/** One task per instance: at its gap time, prepare the agent's next instruction. */
export const instanceDispatchTasks: TaskSource = async () => [];
