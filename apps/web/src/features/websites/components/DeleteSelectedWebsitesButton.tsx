import { WEBSITE_MESSAGES } from '@sitefleet/contract';
import { useState } from 'react';
import { DeleteSelectedButton } from '../../../components/DeleteSelectedButton.tsx';
import { useBulkDeleteImpact } from '../api/delete-impact.ts';
import { DeleteImpactNote } from './DeleteImpactNote.tsx';

interface DeleteSelectedWebsitesButtonProps {
  /** The ticked websites. */
  ids: number[];
  /** Deletes them; see DeleteSelectedButton. */
  onConfirm: () => Promise<unknown>;
}

/**
 * Delete Selected for websites. Like the single delete, its dialog says how many category and
 * post variants go, in total and for each website, and deleting waits until that is known.
 */
export function DeleteSelectedWebsitesButton({
  ids,
  onConfirm,
}: DeleteSelectedWebsitesButtonProps) {
  // The ids ticked when the dialog opened: the list reloads (and clears the ticks) as it closes.
  const [askedIds, setAskedIds] = useState<number[] | null>(null);
  const impact = useBulkDeleteImpact(askedIds);
  return (
    <DeleteSelectedButton
      count={ids.length}
      onConfirm={onConfirm}
      onOpenChange={(open) => setAskedIds(open ? ids : null)}
      noun={{ one: 'website', many: 'websites' }}
      confirmDisabled={!impact.data}
      details={
        <DeleteImpactNote impact={impact}>
          {(answer) => (
            <>
              <p>{WEBSITE_MESSAGES.bulkDeleteImpact(answer)}</p>
              <ul
                className="small mb-0 overflow-auto"
                style={{ maxHeight: '12rem' }}
                aria-label="Variants of each website"
              >
                {answer.websites.map((website) => (
                  <li key={website.id}>{WEBSITE_MESSAGES.websiteVariants(website)}</li>
                ))}
              </ul>
            </>
          )}
        </DeleteImpactNote>
      }
    />
  );
}
