/** Option lists and business constants shared by the forms and the server's checks. */

export const SEARCH_DEBOUNCE_MS = 300;
export const PASSWORD_MIN_LENGTH = 8;
export const MAX_PERMISSION_BADGES = 10;
export const MAX_SUBCATEGORY_PARENTS = 2;
export const POST_DESCRIPTION_PREVIEW = 200;
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_HOVER_EXTENSION_MS = 1000;
export const REMEMBER_ME_DAYS = 30;
/** The setting that names the application, and the name until it is set. */
export const APP_NAME_SETTING = 'app.name';
export const DEFAULT_APP_NAME = 'Sitefleet';

export const INSTANCE_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ca-central-1',
  'eu-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'sa-east-1',
] as const;

export const INSTANCE_TYPES = ['nano', 'small', 'micro'] as const;

export const INSTANCE_STATES = ['running', 'stopped', 'stopping', 'terminated'] as const;

/** Every 15 minutes from 00:00 to 23:45. */
export const GAP_OPTIONS: readonly string[] = Array.from({ length: 96 }, (_, i) => {
  const hours = String(Math.floor(i / 4)).padStart(2, '0');
  const minutes = String((i % 4) * 15).padStart(2, '0');
  return `${hours}:${minutes}`;
});

/** Refresh-after options in hours, 1 to 48. */
export const REFRESH_HOUR_OPTIONS = Array.from({ length: 48 }, (_, i) => ({
  value: i + 1,
  label: `${i + 1} ${i === 0 ? 'Hour' : 'Hours'}`,
}));

/** Generation limits: 0 to 500 in steps of 50. */
export const LIMIT_OPTIONS: readonly number[] = Array.from({ length: 11 }, (_, i) => i * 50);

export const CATEGORY_TYPES = ['default', 'group'] as const;

/** Status of categories and posts in the edit form. */
export const RECORD_STATUS_OPTIONS = [
  { value: 1, label: 'Active' },
  { value: 2, label: 'Inactive' },
] as const;

export const YES_NO_OPTIONS = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const;

export const INSTANCE_STAT_FILTERS = [
  'all',
  'running',
  'stopped',
  'stopping',
  'active',
  'inactive',
] as const;
export type InstanceStatFilter = (typeof INSTANCE_STAT_FILTERS)[number];

export const RECORD_STAT_FILTERS = [
  'all',
  'today',
  '30_days',
  '60_days',
  '360_days',
  'active',
  'inactive',
] as const;
export type RecordStatFilter = (typeof RECORD_STAT_FILTERS)[number];

export const STAT_FILTER_LABELS: Record<string, string> = {
  all: 'All',
  running: 'Running',
  stopped: 'Stopped',
  stopping: 'Stopping',
  active: 'Active',
  inactive: 'Inactive',
  today: 'Today',
  '30_days': 'Last 30 days',
  '60_days': 'Last 60 days',
  '360_days': 'Last 360 days',
};

/** Row colour of an instance status on the dashboard (Bootstrap contextual names). */
export const INSTANCE_STATUS_COLOURS: Record<string, string> = {
  active: 'success',
  inactive: 'danger',
  pending: 'warning',
  terminated: 'danger',
  running: 'primary',
  stopping: 'secondary',
};

export const SCHEDULED_TASK_STATUSES = ['Due', 'Running', 'Scheduled', 'Failed'] as const;
export type ScheduledTaskStatus = (typeof SCHEDULED_TASK_STATUSES)[number];

export const SETTING_TYPES = ['text', 'number', 'boolean', 'url', 'email', 'json'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];
