import {
  type SocialAppUsageQuery,
  socialAppsResource,
  socialAppUsageSchema,
} from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { resourceKey } from '../../../lib/resource-queries.ts';

/**
 * GET /api/social-apps/:id/usage?from=&to=: the app's calls, deferrals and cost per day of the
 * range. Under the apps' key, so that a change to the apps reloads it too.
 */
export function useSocialAppUsage(appId: number, range: SocialAppUsageQuery) {
  return useQuery({
    queryKey: [...resourceKey(socialAppsResource), appId, 'usage', range.from, range.to],
    queryFn: async ({ signal }) =>
      socialAppUsageSchema.parse(
        await http.get(`${socialAppsResource.path}/${appId}/usage`, { query: range, signal }),
      ),
    // The days shown stay while another range loads.
    placeholderData: keepPreviousData,
  });
}
