import { websiteDeleteImpactSchema, websitesDeleteImpactSchema } from '@sitefleet/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /api/websites/{id}/delete-impact: the category and post variants a delete takes along. */
export async function fetchDeleteImpact(id: number) {
  return websiteDeleteImpactSchema.parse(await http.get(`/api/websites/${id}/delete-impact`));
}

/**
 * Asked afresh each time the confirmation opens: variants come and go. Its key is outside the
 * websites' so that reloading the list after the delete does not ask about the deleted website.
 */
export function useDeleteImpact(id: number | null) {
  return useQuery({
    queryKey: ['website-delete-impact', id],
    queryFn: id === null ? skipToken : () => fetchDeleteImpact(id),
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/websites/delete-impact: the same for several websites, in total and for each. */
export async function fetchBulkDeleteImpact(ids: number[]) {
  return websitesDeleteImpactSchema.parse(await http.post('/api/websites/delete-impact', { ids }));
}

/** Asked afresh each time the Delete Selected dialog opens, about its ids (null: it is closed). */
export function useBulkDeleteImpact(ids: number[] | null) {
  return useQuery({
    queryKey: ['website-delete-impact', 'selected', ids],
    queryFn: ids === null ? skipToken : () => fetchBulkDeleteImpact(ids),
    staleTime: 0,
    gcTime: 0,
  });
}
