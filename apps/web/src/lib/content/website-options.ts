import { websiteOptionsSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';

/** GET /api/getAllWebsites: every website's id and name, for the filter and the form. */
export async function fetchWebsiteOptions() {
  return websiteOptionsSchema.parse(await http.get('/api/getAllWebsites'));
}

export function useWebsiteOptions() {
  return useQuery({ queryKey: ['websites', 'options'], queryFn: fetchWebsiteOptions });
}
