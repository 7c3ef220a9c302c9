import { categoryOptionsSchema, type NamedRef } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../http.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/**
 * GET /api/categories/details/{id} without a page: categories by name for a form's select. Id 0
 * means all categories, another id that category's sub-categories; `query` narrows by name (the
 * server answers at most CATEGORY_OPTIONS_LIMIT, so a long list is reached by typing).
 */
export async function fetchCategoryOptions(parentId: number, query: string): Promise<NamedRef[]> {
  return categoryOptionsSchema.parse(
    await http.get(`/api/categories/details/${parentId}`, { query: { query: query || undefined } }),
  );
}

export const categoryOptionsKey = (parentId: number, query: string) =>
  ['categories', 'options', parentId, query] as const;

/**
 * The categories a select offers while the user types: `search` takes the typed text, and the
 * server is asked once typing pauses. Used by the category form (parents, the delete's move
 * target) and the post form (its category).
 */
export function useCategorySearch(parentId = 0) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  const options = useQuery({
    queryKey: categoryOptionsKey(parentId, query),
    queryFn: () => fetchCategoryOptions(parentId, query),
    placeholderData: keepPreviousData,
  });
  return { options: options.data ?? [], query: options, text, search: setText };
}

/**
 * One category chosen among searched ones (a post's category, where a deleted category's posts
 * go). The choice stays first among the options, so that it keeps its label whatever is searched
 * next. `excludedId` is left out of the options (the category being deleted).
 */
export function useCategoryChoice(initial: NamedRef | null, excludedId?: number) {
  const search = useCategorySearch();
  const [chosen, setChosen] = useState<NamedRef | null>(initial);
  const options = [...(chosen ? [chosen] : []), ...search.options]
    .filter((category, index) => index === 0 || category.id !== chosen?.id)
    .filter((category) => category.id !== excludedId)
    .map((category) => ({ value: category.id, label: category.name }));

  function choose(id: number | null) {
    const option = options.find((candidate) => candidate.value === id);
    setChosen(option ? { id: option.value, name: option.label } : null);
  }

  return { options, chosen, choose, search };
}
