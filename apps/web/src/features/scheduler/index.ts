/** What the rest of the app may use of the scheduler: the scheduled tasks' table, for the control sidebar. */
export { ScheduledTasksTable } from './components/ScheduledTasksTable.tsx';
