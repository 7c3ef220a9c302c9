import { monitorPageSchema, renewalsSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** How many websites the monitor finds down (the list's total on one row). */
export function useWebsitesDown() {
  return useQuery({
    queryKey: ['monitor', 'down'],
    queryFn: async () =>
      monitorPageSchema.parse(
        await http.get('/api/monitor', { query: { status: 'down', per_page: 1 } }),
      ).total,
  });
}

/** The renewals due within `days`, with their cost. */
export function useRenewalsDue(days: number) {
  return useQuery({
    queryKey: ['stats', 'renewals', days],
    queryFn: async () =>
      renewalsSchema.parse(await http.get('/api/stats/renewals', { query: { days } })),
  });
}
