import { ACTION_MESSAGES, type ActionAnswer } from '@sitefleet/contract';

/**
 * What a bulk or detail action did: 'Categories bulk updated successfully! 2 changed, 0 queued,
 * 1 skipped (already in that state).' An action that changed and queued nothing is a warning that
 * says why the rows were skipped, not a success. `webhookSettings` are the websites whose missing
 * webhook refused a push, each once: the toast links to their Webhook Settings.
 */
export function describeActionAnswer(answer: ActionAnswer): {
  tone: 'success' | 'warning';
  text: string;
  webhookSettings: { id: number; name: string }[];
} {
  const named = answer.skipped.flatMap((skip) => skip.websites ?? []);
  const webhookSettings = [...new Map(named.map((website) => [website.id, website])).values()];
  const skippedCount = answer.skipped.reduce((sum, skip) => sum + skip.count, 0);
  const reasons = answer.skipped.map((skip) => `${skip.count} ${skip.reason}`).join(', ');
  const skipped = skippedCount > 0 ? `${skippedCount} skipped (${reasons})` : '0 skipped';
  if (answer.changed === 0 && answer.queued === 0) {
    return { tone: 'warning', text: ACTION_MESSAGES.nothingChanged(skipped), webhookSettings };
  }
  return {
    tone: 'success',
    text: `${answer.message} ${answer.changed} changed, ${answer.queued} queued, ${skipped}.`,
    webhookSettings,
  };
}
