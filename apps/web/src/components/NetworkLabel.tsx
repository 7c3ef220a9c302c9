import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import { TARGET_ICONS } from '../lib/target-icons.ts';

/** A social network's icon and name, as a channel or an app names its network. */
export function NetworkLabel({ network }: { network: SocialNetwork }) {
  return (
    <span className="text-nowrap">
      <i className={`bi ${TARGET_ICONS[network]} me-1`} aria-hidden="true" />
      {PUBLISH_TARGET_LABELS[network]}
    </span>
  );
}
