import type { MonitorStatus } from '@sitefleet/contract';
import { websites } from '../../db/schema.ts';

/** What the Websites list shows of the monitor: the status, the response time, the certificate. */
export const monitorColumns = {
  monitorStatus: websites.monitorStatus,
  monitorKeyword: websites.monitorKeyword,
  monitorResponseMs: websites.monitorResponseMs,
  sslExpiresAt: websites.sslExpiresAt,
  maintenanceUntil: websites.maintenanceUntil,
};

type MonitorFields = Pick<typeof websites.$inferSelect, keyof typeof monitorColumns>;

export const monitorFields = (row: MonitorFields) => ({
  monitor_status: row.monitorStatus as MonitorStatus,
  monitor_keyword: row.monitorKeyword,
  response_ms: row.monitorResponseMs,
  ssl_expires_at: row.sslExpiresAt?.toISOString() ?? null,
  maintenance_until: row.maintenanceUntil?.toISOString() ?? null,
});
