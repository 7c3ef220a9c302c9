import { trackingSnippet } from '@sitefleet/contract';
import { ConfirmedAction } from '../../../components/ConfirmedAction.tsx';
import { CopyField } from '../../../components/CopyButton.tsx';
import { useRotateTrackingKey } from '../api/tracking-key.ts';

/**
 * The one line a website's pages carry for the beacon to count them: the script comes from where
 * this app is served, which is the server's public address.
 */
export function TrackingSnippet({
  websiteId,
  trackingKey,
}: {
  websiteId: number;
  trackingKey: string;
}) {
  const rotate = useRotateTrackingKey(websiteId);
  return (
    <div className="mb-3">
      <CopyField
        label="Tracking snippet"
        value={trackingSnippet(window.location.origin, trackingKey)}
        copyLabel="Copy snippet"
        inputClassName="form-control font-monospace small"
        help="Put it in the head of every page of the website: it counts page views without cookies."
      />
      {/* Rotating takes the ability Advance Settings open with (website-settings). */}
      <ConfirmedAction
        actionLabel="Rotate key"
        warning="Pages that carry the current snippet stop being counted until they carry the new one."
        act={() => rotate.mutateAsync()}
        className="mt-2"
      />
    </div>
  );
}
