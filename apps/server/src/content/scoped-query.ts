import type { ASSIGNEE_ME } from '@sitefleet/contract';
import type { FastifyRequest } from 'fastify';
import { currentUser, websiteScope } from '../plugins/auth.ts';
import { type WebsiteScope, type WithAssignee, withAssignee } from './filters.ts';

/**
 * A list's query as its service reads it: `assignee_id=me` as the caller's id, and the websites
 * of an API token limited to some.
 */
export function scopedQuery<F extends { assignee_id?: number | typeof ASSIGNEE_ME }>(
  query: F,
  request: FastifyRequest,
): WithAssignee<F> & WebsiteScope {
  return {
    ...withAssignee(query, currentUser(request).userId),
    website_scope: websiteScope(request),
  };
}
