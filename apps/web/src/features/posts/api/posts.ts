import { categoriesResource, postsResource } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceQueries } from '../../../lib/resource-queries.ts';

export const postQueries = resourceQueries(postsResource);
const categoryQueries = resourceQueries(categoriesResource);

/** The name of the category the list is filtered by, for the filter's label after a reload. */
export function useFilterCategory(id: number | null) {
  return useQuery({
    queryKey: [...postQueries.key, 'filter-category', id],
    queryFn: () => categoryQueries.fetchOne(id!),
    enabled: id !== null,
    select: (category) => ({ id: category.id, name: category.name }),
  });
}
