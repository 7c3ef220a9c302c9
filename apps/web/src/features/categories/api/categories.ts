import { categoryListSchema, categoryRowSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { pageParams } from '../../../lib/use-list-params.ts';

/** The list's filters, named as GET /api/categories names them (and as the URL keeps them). */
export const CATEGORY_LIST_FILTERS = [
  'website_id',
  'status',
  'is_approved',
  'synced',
  'auto_google_sync',
  'order_key',
  'order_dir',
] as const;
export type CategoryListFilter = (typeof CATEGORY_LIST_FILTERS)[number];

export type CategoryListRequest = {
  page: number;
  perPage: number;
  query: string;
} & Record<CategoryListFilter, string | undefined>;

/** Every categories query (list, options, Detailed Review) lives under this key. */
export const categoriesKey = ['categories'] as const;

export function categoryListKey(request: CategoryListRequest) {
  return [...categoriesKey, 'list', request] as const;
}

/** GET /api/categories?page=&query=&website_id=&status=&is_approved=&synced=&auto_google_sync=&order_key=&order_dir= */
export async function fetchCategories({ page, perPage, query, ...filters }: CategoryListRequest) {
  return categoryListSchema.parse(
    await http.get('/api/categories', {
      query: { ...pageParams(page, perPage), ...filters, query: query || undefined },
    }),
  );
}

export function useCategories(request: CategoryListRequest) {
  return useQuery({
    queryKey: categoryListKey(request),
    queryFn: () => fetchCategories(request),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/categories/{id}: one category with every website and parent, for its edit form (a list
 * row carries only the first 25). Read fresh each time the form opens; null: nothing to read.
 */
export function useCategory(id: number | null) {
  return useQuery({
    queryKey: [...categoriesKey, 'one', id],
    queryFn: async () => categoryRowSchema.parse(await http.get(`/api/categories/${id}`)),
    enabled: id !== null,
    gcTime: 0,
  });
}
