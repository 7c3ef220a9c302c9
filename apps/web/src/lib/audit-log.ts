import { auditLogResource } from '@sitefleet/contract';
import { resourceQueries } from './resource-queries.ts';

/**
 * The audit log's queries, from the contract's declaration: their key starts with the one every
 * accepted change invalidates (query-keys.ts, kept apart from the schemas for the first load).
 */
export const auditLogQueries = resourceQueries(auditLogResource);
