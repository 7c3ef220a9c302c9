import type { ActionAnswer } from '@sitefleet/contract';

/**
 * What a bulk or detail action did, after its success message: 'Categories bulk updated
 * successfully! 2 changed, 0 queued, 1 skipped (already in that state).'
 */
export function describeActionAnswer(answer: ActionAnswer): string {
  const skippedCount = answer.skipped.reduce((sum, skip) => sum + skip.count, 0);
  const reasons = answer.skipped.map((skip) => `${skip.count} ${skip.reason}`).join(', ');
  const skipped = skippedCount > 0 ? `${skippedCount} skipped (${reasons})` : '0 skipped';
  return `${answer.message} ${answer.changed} changed, ${answer.queued} queued, ${skipped}.`;
}
