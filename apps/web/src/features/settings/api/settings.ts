import { settingsResource } from '@sitefleet/contract';
import { resourceQueries } from '../../../lib/resource-queries.ts';

export const settingQueries = resourceQueries(settingsResource);

/**
 * A group's settings, GET /api/settinggroups?groupid= with the list's page, search and sort: the
 * settings list from another path, its pages kept among the settings lists that a save reloads.
 */
export const settingGroupQueries = resourceQueries({
  name: settingsResource.name,
  path: '/api/settinggroups',
  list: settingsResource.list,
});
