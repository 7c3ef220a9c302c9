import { z } from 'zod';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';

/** A list's search box: trimmed, at most 200 characters, no NUL; empty when absent. */
export const searchTermSchema = z
  .string()
  .trim()
  .max(200)
  .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
  .optional()
  .default('');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  query: searchTermSchema,
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

/** A list's order when its request names none. */
export interface DefaultOrder<Key extends string> {
  key: Key;
  direction: OrderDirection;
}

/** The order of the lists that show their newest rows first. */
export const NEWEST_FIRST = { key: 'created_at', direction: 'desc' } as const;

export const ORDER_MESSAGES = {
  keyInvalid: (keys: readonly string[]) => `The order key must be one of: ${keys.join(', ')}`,
  directionInvalid: `The order direction must be one of: ${ORDER_DIRECTIONS.join(', ')}`,
} as const;

/** A direction is read in any case (`DESC`); a blank one (`order_dir=`) is none. */
export const readOrderDirection = (value: unknown) =>
  typeof value === 'string' ? value.toLowerCase() || undefined : value;

/**
 * The `order_key` and `order_dir` query fields of a sortable list, to extend its query schema
 * with: `order_key` is one of `keys`, `order_dir` asc or desc; each left out (or blank) takes the
 * list's default. The server breaks ties on the id, in the same direction.
 */
export function orderQueryFields<const Keys extends readonly [string, ...string[]]>(
  keys: Keys,
  defaultOrder: DefaultOrder<Keys[number]>,
) {
  return {
    order_key: z
      .preprocess(
        (value) => (value === '' ? undefined : value),
        z.enum(keys, { error: ORDER_MESSAGES.keyInvalid(keys) }).default(defaultOrder.key),
      )
      .describe('The column to sort by; rows with equal values follow their ids.'),
    order_dir: z
      .preprocess(
        readOrderDirection,
        z
          .enum(ORDER_DIRECTIONS, { error: ORDER_MESSAGES.directionInvalid })
          .default(defaultOrder.direction),
      )
      .describe('The direction of the sort, asc or desc, in any case.'),
  };
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  first_page_url: string;
  last_page_url: string;
  next_page_url: string | null;
  prev_page_url: string | null;
}

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    first_page_url: z.string(),
    last_page_url: z.string(),
    next_page_url: z.string().nullable(),
    prev_page_url: z.string().nullable(),
  });
}

/** How many rows come before page `page` (counted from 1) of `perPage` rows. */
export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

/** Builds the paged answer; `path` is the list's own URL path, used for the page links. */
export function paginate<T>(
  data: T[],
  options: { page: number; perPage: number; total: number; path: string },
): Paginated<T> {
  const { page, perPage, total, path } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => `${path}?page=${n}`;
  const from = data.length > 0 ? pageOffset(page, perPage) + 1 : null;
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
    first_page_url: link(1),
    last_page_url: link(lastPage),
    next_page_url: page < lastPage ? link(page + 1) : null,
    prev_page_url: page > 1 ? link(page - 1) : null,
  };
}

/** Rows per page when a list's request does not say. */
export const DEFAULT_PER_PAGE = 15;

/** The page sizes a list offers (each within pageQuerySchema's per_page limit). */
export const PER_PAGE_CHOICES = [DEFAULT_PER_PAGE, 25, 50, 100] as const;

/** The largest id a serial column holds: a larger one is bad input, not a database error. */
export const MAX_ID = 2_147_483_647;

/**
 * The websites a grant is limited to (an API token's, an event subscription's): at least one, each
 * once, in id order.
 */
export const limitedWebsiteIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .min(1)
  .max(1000)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));
/** The smallest value of an integer column. */
export const MIN_INT = -2_147_483_648;

/** Body of every bulk call (bulk delete, actions): the ids of the rows it acts on. */
export const idsSchema = z.strictObject({
  ids: z
    .array(
      z.coerce
        .number()
        .int()
        .positive('Each id must be a positive whole number')
        .max(MAX_ID, 'Each id must be a positive whole number'),
      {
        error: FIELD_MESSAGES.noRowSelected,
      },
    )
    .min(1, FIELD_MESSAGES.noRowSelected),
});

export const idParamSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const unknownIdsMessage = (ids: readonly number[]) =>
  `These ids do not exist: ${ids.join(', ')}. Nothing was changed.`;

/**
 * A page of a big list. Past a bound, `total` (and so `last_page`) is the planner's estimate
 * instead of an exact count, so that a page never costs a count over millions of rows;
 * `total_is_estimate` says so.
 */
export function estimatedPageSchema<T extends z.ZodType>(item: T) {
  return paginatedSchema(item).extend({ total_is_estimate: z.boolean() });
}
