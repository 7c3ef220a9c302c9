import { economicsWebsitesAnswerSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** A website's cost per post over the last 30 days, as the economics list answers it. */
export interface WebsiteCostPerPost {
  /** Its cost ÷ the posts published on it; null without a post published, or without a rate. */
  costPerPost: number | null;
  postsPublished: number;
  currency: string;
  missingRates: string[];
}

/**
 * GET /api/economics/websites over its default period (the last 30 days), searched by the
 * website's name (the list is searched, not filtered by id) and read at its row: one request for
 * the website the list shows. Nothing is asked without a website.
 */
export function useWebsiteCostPerPost(website: { id: number; name: string } | undefined) {
  return useQuery({
    queryKey: ['economics', 'cost-per-post', website?.id, website?.name],
    queryFn: async ({ signal }): Promise<WebsiteCostPerPost | null> => {
      const page = economicsWebsitesAnswerSchema.parse(
        await http.get('/api/economics/websites', {
          query: { query: website?.name, per_page: 100 },
          signal,
        }),
      );
      const row = page.data.find((candidate) => candidate.id === website?.id);
      return row
        ? {
            costPerPost: row.cost_per_post,
            postsPublished: row.posts_published,
            currency: page.currency,
            missingRates: row.missing_rates,
          }
        : null;
    },
    enabled: website !== undefined,
  });
}
