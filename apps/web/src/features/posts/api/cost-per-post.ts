import { useQuery } from '@tanstack/react-query';
import { websiteEconomicsQueryOptions } from '../../../lib/website-economics.ts';

/**
 * A website's cost per post over the last 30 days (its cost ÷ the posts published on it), from
 * its row of the economics list: one request for the website the list shows, none without one.
 */
export function useWebsiteCostPerPost(website: { id: number; name: string } | undefined) {
  return useQuery({
    ...websiteEconomicsQueryOptions(website?.id ?? 0),
    enabled: website !== undefined,
  });
}
