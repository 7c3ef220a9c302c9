import { postListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface PostListRequest {
  page: number;
  query: string;
}

/** Every posts query (list, Detailed Review) lives under this key. */
export const postsKey = ['posts'] as const;

export function postListKey(request: PostListRequest) {
  return [...postsKey, 'list', request] as const;
}

/** GET /api/posts?page=&query= */
export async function fetchPosts({ page, query }: PostListRequest) {
  return postListSchema.parse(
    await http.get('/api/posts', { query: { page, query: query || undefined } }),
  );
}

export function usePosts(request: PostListRequest) {
  return useQuery({
    queryKey: postListKey(request),
    queryFn: () => fetchPosts(request),
    placeholderData: keepPreviousData,
  });
}
