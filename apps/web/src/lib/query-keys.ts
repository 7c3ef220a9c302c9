/**
 * Every audit query starts with this key: a save anywhere makes them all stale. Kept apart from
 * the audit log's schemas so that the app's first load, which invalidates it, does not load them.
 */
export const auditLogKey = ['audit-log'] as const;

/** The dashboard's counts (`['stats', kind, status]`) and top lists (`['top-list', kind]`). */
export const statsKey = ['stats'] as const;
/** The Calendar's items: `['calendar', from, to, website]`. */
export const calendarKey = ['calendar'] as const;
export const topListKey = ['top-list'] as const;
export const reviewStageStatsKey = ['review-stage-stats'] as const;

/** Every query of the fleet's money (the portfolio, a website's Money tab, a cost per post). */
export const economicsKey = ['economics'] as const;

/** The user's notifications: the bell and the Notifications page. */
export const notificationsKey = ['notifications'] as const;
