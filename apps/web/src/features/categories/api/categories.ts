import { categoriesResource } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceQueries } from '../../../lib/resource-queries.ts';

export const categoryQueries = resourceQueries(categoriesResource);

/**
 * GET /api/categories/{id}: one category with every website and parent, for its edit form (a list
 * row carries only the first 25). Read fresh each time the form opens; null: nothing to read.
 */
export function useCategory(id: number | null) {
  return useQuery({
    // Without a category the query stays idle under a key no category has.
    queryKey: categoryQueries.oneKey(id ?? 0),
    queryFn: () => categoryQueries.fetchOne(id!),
    enabled: id !== null,
    gcTime: 0,
  });
}
