import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * A cost recorded as it is billed: an AI call's tokens (kind `generation`), a network's post
 * (`social`). Kept in its own currency, converted when read, at its day's rate.
 */
export interface BilledCost {
  websiteId: number;
  /** The UTC day it counts for, YYYY-MM-DD. */
  day: string;
  kind: 'generation' | 'social';
  /** What billed it: the AI model, the network. */
  source: string;
  amount: number;
  currency: string;
  inputTokens?: number;
  outputTokens?: number;
}

/** Records `cost`; nothing when its website has been deleted meanwhile (its costs went with it). */
export async function recordCost(tx: Executor, cost: BilledCost) {
  await tx.execute(
    sql`INSERT INTO costs (website_id, day, kind, source, amount, currency, input_tokens,
                           output_tokens)
        SELECT w.id, ${cost.day}::date, ${cost.kind}, ${cost.source}, ${cost.amount},
               ${cost.currency}, ${cost.inputTokens ?? null}::int, ${cost.outputTokens ?? null}::int
        FROM websites w WHERE w.id = ${cost.websiteId}`,
  );
}
