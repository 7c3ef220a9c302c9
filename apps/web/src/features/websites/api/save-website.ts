import { type WebsiteInput, websiteSchema } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { websitesKey } from './websites.ts';

/** POST /api/websites, or PUT /api/websites/{id}; the answer is the saved website. */
export async function saveWebsite(id: number | null, payload: WebsiteInput) {
  const answer =
    id === null
      ? await http.post('/api/websites', payload)
      : await http.put(`/api/websites/${id}`, payload);
  return websiteSchema.parse(answer);
}

export function useSaveWebsite(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: WebsiteInput) => saveWebsite(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websitesKey }),
  });
}
