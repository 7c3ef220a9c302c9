import type { ContentJobData } from '@sitefleet/contract';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.ts';

/** Rewrites one variant's description through the AI provider. */
export async function regenerateVariant(
  _context: AppContext,
  _job: PgBoss.JobWithMetadata<ContentJobData>,
): Promise<void> {
  throw new Error('The AI provider is not configured');
}
