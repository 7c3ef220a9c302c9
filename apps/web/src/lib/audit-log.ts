import { auditLogPageSchema } from '@sitefleet/contract';
import { auditLogKey } from './query-keys.ts';
import { resourceQueries } from './resource-queries.ts';

/**
 * The audit log's list, GET /api/audit-log: the log is only read, so the contract declares no
 * standard routes for it. Its key is the one every accepted change invalidates (query-keys.ts).
 */
export const auditLogResource = {
  name: auditLogKey[0],
  path: '/api/audit-log',
  list: { answer: auditLogPageSchema },
} as const;

export const auditLogQueries = resourceQueries(auditLogResource);
