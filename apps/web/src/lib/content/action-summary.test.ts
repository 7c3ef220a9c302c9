import { ACTION_MESSAGES, SKIP_REASONS } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { describeActionAnswer } from './action-summary.ts';

describe('describeActionAnswer', () => {
  it('follows the success message with what changed, was queued and was skipped, and why', () => {
    expect(
      describeActionAnswer({
        message: ACTION_MESSAGES.detailsUpdated,
        changed: 0,
        queued: 2,
        skipped: [
          { reason: 'not approved', count: 3 },
          { reason: 'website is inactive', count: 1 },
        ],
      }),
    ).toEqual({
      tone: 'success',
      text: 'Bulk action updated successfully! 0 changed, 2 queued, 4 skipped (3 not approved, 1 website is inactive).',
      webhookSettings: [],
    });
    expect(
      describeActionAnswer({
        message: ACTION_MESSAGES.categoriesUpdated,
        changed: 2,
        queued: 0,
        skipped: [],
      }),
    ).toEqual({
      tone: 'success',
      text: 'Categories bulk updated successfully! 2 changed, 0 queued, 0 skipped.',
      webhookSettings: [],
    });
  });

  it('warns, with the reasons, when nothing changed and nothing was queued', () => {
    expect(
      describeActionAnswer({
        message: ACTION_MESSAGES.detailsUpdated,
        changed: 0,
        queued: 0,
        skipped: [{ reason: 'already in that state', count: 3 }],
      }),
    ).toEqual({
      tone: 'warning',
      text: 'Nothing was changed: 3 skipped (3 already in that state).',
      webhookSettings: [],
    });
  });

  it('names each website whose missing webhook refused a push once, for the links to its settings', () => {
    const beta = { id: 2, name: 'Beta Site' };
    expect(
      describeActionAnswer({
        message: ACTION_MESSAGES.detailsUpdated,
        changed: 0,
        queued: 0,
        skipped: [{ reason: SKIP_REASONS.noWebhook.post, count: 2, websites: [beta] }],
      }),
    ).toEqual({
      tone: 'warning',
      text: ACTION_MESSAGES.nothingChanged('2 skipped (2 website has no post webhook URL)'),
      webhookSettings: [beta],
    });
  });
});
