import type { LiveEventType } from '@sitefleet/contract';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The live events of the last few minutes (`events/`), kept so that a stream that reconnects
 * with the last id it saw receives what it missed; pruned after a short retention.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').$type<LiveEventType>().notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_created_at_idx').on(t.createdAt)],
);
