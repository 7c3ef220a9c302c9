import type { Ability } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles, users } from './access.ts';
import { createdAt, trigram } from './columns.ts';

/**
 * API tokens: a script's bearer credential, by the SHA-256 of the token (the token itself is shown
 * once). A person's token holds `abilities`; an admin's token of a role holds `role_id` and acts
 * with the role's permissions. A revoked one is kept, so that its use is answered "revoked". The
 * minute's request count is kept on the row, shared by every server process.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * Its creator, under whose name its writes are audited; null once they are deleted, when the
     * token is refused but stays listed.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    abilities: text('abilities').array().$type<Ability[]>().notNull().default(sql`'{}'`),
    /** Null: every website. */
    websiteIds: integer('website_ids').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
    windowRequests: integer('window_requests').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId, t.createdAt),
    index('api_tokens_created_at_idx').on(t.createdAt),
    trigram('api_tokens_name_trgm', t.name),
  ],
);
