import type { TaskSource } from '../../jobs/scheduler.ts';

/** Per website: the category refresh and the post refresh, every categoryRefresh / postRefresh hours. */
export const websiteRefreshTasks: TaskSource = async () => [];
