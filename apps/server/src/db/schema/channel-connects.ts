import type { SocialNetwork } from '@sitefleet/contract';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { socialApps } from './channels.ts';
import { createdAt } from './columns.ts';

/**
 * A connect link: a one-off address for a website's owner who holds an account but has no login,
 * to give the fleet's app their consent once. The token is kept as its SHA-256 only; the link
 * names who made it, for which network's app and which websites.
 */
export const channelConnectLinks = pgTable(
  'channel_connect_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    network: text('network').$type<SocialNetwork>().notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => socialApps.id, { onDelete: 'cascade' }),
    websiteIds: integer('website_ids').array().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When a consent came back through it: it answers 410 from then on. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_connect_links_token_hash_unique').on(t.tokenHash),
    index('channel_connect_links_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A consent under way: its OAuth state (as its SHA-256), the app whose client asks, the websites
 * its accounts will publish, the PKCE code verifier (sealed), who asked and until when. The state
 * is used once, at the network's callback; for Facebook Pages and LinkedIn organisations the
 * accounts it offers then wait here (sealed, with their tokens) until they are chosen.
 */
export const channelConnects = pgTable(
  'channel_connects',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    network: text('network').$type<SocialNetwork>().notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => socialApps.id, { onDelete: 'cascade' }),
    websiteIds: integer('website_ids').array().notNull(),
    codeVerifier: text('code_verifier'),
    redirectUri: text('redirect_uri').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    linkId: integer('link_id').references(() => channelConnectLinks.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the network's callback used the state. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The accounts offered to choose from, sealed JSON with their tokens; null once chosen. */
    candidates: text('candidates'),
    /** Until when the accounts offered may be chosen. */
    chooseBy: timestamp('choose_by', { withTimezone: true }),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_connects_state_hash_unique').on(t.stateHash),
    index('channel_connects_expires_at_idx').on(t.expiresAt),
    index('channel_connects_link_idx').on(t.linkId),
  ],
);
