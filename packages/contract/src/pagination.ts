import { z } from 'zod';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  query: z
    .string()
    .trim()
    .max(200)
    .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
    .optional()
    .default(''),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

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

/** Builds the paged answer; `path` is the list's own URL path, used for the page links. */
export function paginate<T>(
  data: T[],
  options: { page: number; perPage: number; total: number; path: string },
): Paginated<T> {
  const { page, perPage, total, path } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => `${path}?page=${n}`;
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
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

/** The largest id a serial column holds: a larger one is bad input, not a database error. */
export const MAX_ID = 2_147_483_647;

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
        error: 'Select at least one row.',
      },
    )
    .min(1, 'Select at least one row.'),
});
export type IdsInput = z.infer<typeof idsSchema>;

export const idParamSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const unknownIdsMessage = (ids: readonly number[]) =>
  `These ids do not exist: ${ids.join(', ')}. Nothing was changed.`;
