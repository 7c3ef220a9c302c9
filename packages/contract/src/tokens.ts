import { z } from 'zod';
import { type Ability, PERMISSION_NAMES } from './abilities.ts';
import { optionalQueryFilter, yesNoFilter } from './content-actions.ts';
import { messageSchema } from './errors.ts';
import { requiredText } from './fields.ts';
import {
  limitedWebsiteIds,
  MAX_ID,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';

/**
 * An API token: `sf_pat_`, 32 random base62 characters, and the 6-character base62 CRC32 of
 * them, so that secret scanners recognise it and a mistyped one is refused before any database
 * read. Only its SHA-256 is kept.
 */
export const API_TOKEN_PREFIX = 'sf_pat_';
export const API_TOKEN_RANDOM_LENGTH = 32;
export const API_TOKEN_CHECKSUM_LENGTH = 6;
export const API_TOKEN_PATTERN = new RegExp(
  `^${API_TOKEN_PREFIX}[0-9A-Za-z]{${API_TOKEN_RANDOM_LENGTH + API_TOKEN_CHECKSUM_LENGTH}}$`,
);

/** The setting that bounds each token's requests per minute, and its value when it is unset. */
export const TOKEN_RATE_SETTING = 'api.token_requests_per_minute';
export const DEFAULT_TOKEN_REQUESTS_PER_MINUTE = 600;

export const TOKEN_NAME_MAX = 100;

export const TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  grantRequired: 'Give the token at least one ability, or a role',
  grantTwice: 'Give the token either abilities or a role, not both',
  abilityUnknown: 'Each ability must be a permission name',
  abilityNotHeld: (abilities: readonly string[]) =>
    `You do not hold ${abilities.join(', ')}: a token can only have abilities its creator holds`,
  roleNotAllowed: 'Only an administrator may make a token of a role',
  roleUnknown: 'The role does not exist',
  websitesUnknown: (ids: readonly number[]) => `These websites do not exist: ${ids.join(', ')}`,
  expiresInvalid: 'The expiry must be a date and time (ISO 8601)',
  expiresPast: 'The expiry must be in the future',
  expiresTooFar: 'The expiry must be at most a year ahead',
  allNotAllowed: "Only a holder of token-manage may list everyone's tokens",
  malformed: 'The API token is malformed: its checksum does not match',
  unknown: 'The API token is not valid',
  expired: 'The API token has expired',
  revoked: 'The API token has been revoked',
  ownerGone: "The API token's creator no longer has an account",
  sessionOnly: 'This route takes a signed-in session, not an API token',
  websiteScoped:
    'This API token is limited to some websites, and this route does not narrow its answer to them',
  created: 'API token created. Copy it now: it is not shown again.',
  revokedOne: 'API token revoked',
} as const;

/** A token may be valid for at most this long from its creation. */
export function latestTokenExpiry(now: Date = new Date()): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

const expiresAtField = z
  .string({ error: TOKEN_MESSAGES.expiresInvalid })
  .datetime({ offset: true, error: TOKEN_MESSAGES.expiresInvalid })
  .superRefine((value, context) => {
    const at = new Date(value);
    const now = new Date();
    if (at <= now) context.addIssue({ code: 'custom', message: TOKEN_MESSAGES.expiresPast });
    else if (at > latestTokenExpiry(now)) {
      context.addIssue({ code: 'custom', message: TOKEN_MESSAGES.expiresTooFar });
    }
  });

const idField = z.number().int().positive().max(MAX_ID);

/**
 * POST /api/tokens. A token has `abilities` (a subset of its creator's) or, made by an admin, a
 * `role_id` (the role's abilities, whoever holds it); `website_ids` limits it to those websites.
 */
export const tokenInputSchema = z
  .strictObject({
    name: requiredText(TOKEN_MESSAGES.nameRequired, TOKEN_NAME_MAX),
    abilities: z
      .array(
        z.string().refine((name) => (PERMISSION_NAMES as readonly string[]).includes(name), {
          error: TOKEN_MESSAGES.abilityUnknown,
        }),
      )
      .max(PERMISSION_NAMES.length)
      .transform((names) => [...new Set(names)].sort() as Ability[])
      .optional(),
    role_id: idField.optional(),
    website_ids: limitedWebsiteIds.optional(),
    expires_at: expiresAtField,
  })
  .superRefine((body, context) => {
    const hasAbilities = (body.abilities?.length ?? 0) > 0;
    if (hasAbilities && body.role_id !== undefined) {
      context.addIssue({ code: 'custom', path: ['role_id'], message: TOKEN_MESSAGES.grantTwice });
    } else if (!hasAbilities && body.role_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['abilities'],
        message: TOKEN_MESSAGES.grantRequired,
      });
    }
  });
export type TokenInput = z.output<typeof tokenInputSchema>;

export const TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const tokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The abilities given; a role's token answers its role's permissions. */
  abilities: z.array(z.string()),
  role_id: z.number().nullable(),
  role_name: z.string().nullable(),
  /** Null: every website. */
  website_ids: z.array(z.number()).nullable(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** Null once its creator's account is gone: the token is then refused, and stays listed. */
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  status: z.enum(TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof tokenSchema>;

/** POST /api/tokens: the new token's row and the token itself, shown this once. */
export const tokenCreatedSchema = tokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof tokenCreatedSchema>;

export const TOKEN_ORDER_KEYS = ['name', 'created_at', 'expires_at', 'last_used_at'] as const;

/**
 * GET /api/tokens: the caller's own tokens; `all=1` (token-manage) everyone's. `status` narrows
 * to active, expired or revoked ones.
 */
export const tokenListQuerySchema = pageQuerySchema.extend({
  ...orderQueryFields(TOKEN_ORDER_KEYS, NEWEST_FIRST),
  all: yesNoFilter,
  status: optionalQueryFilter(z.enum(TOKEN_STATUSES)),
});
export type TokenListQuery = z.infer<typeof tokenListQuerySchema>;

/** The list's filters beyond page, search and order, each one search parameter. */
export const TOKEN_FILTERS = ['all', 'status'] as const;

/**
 * Every signed-in user lists, creates and revokes their own tokens; `token-manage` lists and
 * revokes everyone's. A revoked token is kept, so that its use is answered "revoked".
 */
export const tokensResource = defineResource({
  name: 'tokens',
  path: '/api/tokens',
  noun: { one: 'API token', many: 'API tokens' },
  list: {
    query: tokenListQuerySchema,
    answer: paginatedSchema(tokenSchema),
    description: "The caller's own tokens; with `all=1`, a holder of token-manage sees everyone's.",
    filters: TOKEN_FILTERS,
  },
  create: { body: tokenInputSchema, answer: tokenCreatedSchema },
  remove: { answer: messageSchema },
});
