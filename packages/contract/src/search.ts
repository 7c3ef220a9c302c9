import { z } from 'zod';
import type { Ability } from './abilities.ts';
import { searchTermSchema } from './pagination.ts';

/** The command palette's search (GET /api/search): the first records of each kind by name. */
export const SEARCH_KINDS = ['websites', 'categories', 'posts', 'users', 'settings'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How many records of each kind the palette shows. */
export const SEARCH_LIMIT = 5;

/** What a caller must hold to find records of a kind: the ability to list them. */
export const SEARCH_ABILITIES: Record<SearchKind, Ability> = {
  websites: 'website-list',
  categories: 'category-list',
  posts: 'post-list',
  users: 'user-list',
  settings: 'setting-list',
};

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  websites: 'Websites',
  categories: 'Categories',
  posts: 'Posts',
  users: 'Users',
  settings: 'Settings',
};

export const searchQuerySchema = z.object({ query: searchTermSchema });

export const searchHitSchema = z.object({ id: z.number(), label: z.string() });
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Each kind the caller may list, with its best matches; kinds the caller may not list are left out. */
export const searchAnswerSchema = z.object(
  Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, z.array(searchHitSchema).optional()])) as {
    [K in SearchKind]: z.ZodOptional<z.ZodArray<typeof searchHitSchema>>;
  },
);
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
