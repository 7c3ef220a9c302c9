import type { CATEGORY_TYPES, CategoryRow } from '@sitefleet/contract';

/** The category form's values as the controls hold them (selects give text; the schema converts). */
export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  type: (typeof CATEGORY_TYPES)[number];
  keywords: string;
  /** Undefined until a website is chosen: the schema then says 'Websites are required'. */
  websites: number[] | undefined;
  parents: number[];
  /** Edit mode only. */
  status?: string;
  auto_google_sync?: string;
  is_approved?: string;
}

export function categoryFormDefaults(category: CategoryRow | null): CategoryFormValues {
  if (category === null) {
    return {
      name: '',
      slug: '',
      description: '',
      type: 'default',
      keywords: '',
      websites: undefined,
      parents: [],
    };
  }
  return {
    name: category.name,
    slug: category.slug,
    description: category.description,
    type: category.type,
    keywords: category.keywords,
    websites: category.websites.map((website) => website.id),
    parents: category.parents.map((parent) => parent.id),
    status: String(category.status),
    auto_google_sync: String(category.auto_google_sync),
    is_approved: String(category.is_approved),
  };
}
