import { WEBSITE_MESSAGES, type Website } from '@sitefleet/contract';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useDeleteImpact } from '../api/delete-impact.ts';
import { DeleteImpactNote } from './DeleteImpactNote.tsx';

interface DeleteWebsiteModalProps {
  /** The website to delete; null keeps the dialog closed. */
  website: Website | null;
  busy: boolean;
  onConfirm: (website: Website) => void;
  onCancel: () => void;
}

/**
 * Asks before a website goes, saying how many category and post variants go with it. Deleting
 * waits until that is known, so that nobody confirms without having read it.
 */
export function DeleteWebsiteModal({
  website,
  busy,
  onConfirm,
  onCancel,
}: DeleteWebsiteModalProps) {
  const impact = useDeleteImpact(website?.id ?? null);
  return (
    <ConfirmModal
      show={website !== null}
      title="Delete Website"
      busy={busy}
      confirmDisabled={!impact.data}
      onConfirm={() => website && onConfirm(website)}
      onCancel={onCancel}
    >
      <p>Are you sure you want to delete the website {website?.name} ?</p>
      <DeleteImpactNote impact={impact}>
        {(answer) => <p className="mb-0">{WEBSITE_MESSAGES.deleteImpact(answer)}</p>}
      </DeleteImpactNote>
    </ConfirmModal>
  );
}
