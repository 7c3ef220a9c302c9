import { categoryRowSchema, postListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type ListSort, orderParams, pageParams } from '../../../lib/use-list-params.ts';

/** The Posts list's filters, each one search parameter of the page and of the API. */
export const POST_LIST_FILTERS = ['category_id', 'website_id', 'status'] as const;
export type PostListFilter = (typeof POST_LIST_FILTERS)[number];

export interface PostListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
  filters: Record<PostListFilter, string | undefined>;
}

/** Every posts query (list, Detailed Review) lives under this key. */
export const postsKey = ['posts'] as const;

export function postListKey(request: PostListRequest) {
  return [...postsKey, 'list', request] as const;
}

/** GET /api/posts?page=&per_page=&query=&category_id=&website_id=&status=&order_key=&order_dir= */
export async function fetchPosts({ page, perPage, query, sort, filters }: PostListRequest) {
  return postListSchema.parse(
    await http.get('/api/posts', {
      query: {
        ...pageParams(page, perPage),
        query: query || undefined,
        ...filters,
        ...orderParams(sort),
      },
    }),
  );
}

export function usePosts(request: PostListRequest) {
  return useQuery({
    queryKey: postListKey(request),
    queryFn: () => fetchPosts(request),
    placeholderData: keepPreviousData,
  });
}

/** The name of the category the list is filtered by, for the filter's label after a reload. */
export function useFilterCategory(id: number | null) {
  return useQuery({
    queryKey: [...postsKey, 'filter-category', id],
    queryFn: async () => categoryRowSchema.parse(await http.get(`/api/categories/${id}`)),
    enabled: id !== null,
    select: (category) => ({ id: category.id, name: category.name }),
  });
}
