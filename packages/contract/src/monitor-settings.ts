/**
 * The monitor's settings and their defaults, apart from the monitor's schemas: the dashboard shows
 * the renewal notice days as it first paints, and checks its answers only once they arrive.
 */

/** Minutes between two checks of a website (group Monitoring). */
export const MONITOR_INTERVAL_SETTING = 'monitor.interval_minutes';
export const DEFAULT_MONITOR_INTERVAL_MINUTES = 5;
/** Days before a renewal date that `renewal_due` is sent. */
export const RENEWAL_NOTICE_SETTING = 'monitor.renewal_notice_days';
export const DEFAULT_RENEWAL_NOTICE_DAYS = 30;
