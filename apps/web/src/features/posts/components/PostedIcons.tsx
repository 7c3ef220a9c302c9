import { PUBLISH_TARGET_LABELS, PUBLISH_TARGETS, postedFlag } from '@sitefleet/contract';
import { TARGET_ICONS } from '../../../lib/target-icons.ts';

type PostedFlags = Record<ReturnType<typeof postedFlag>, number>;

/**
 * Where a record is posted: one icon per target, green when its flag is 1 and red otherwise,
 * each named for screen readers and on hover ('Facebook: posted').
 */
export function PostedIcons({ flags }: { flags: PostedFlags }) {
  return (
    <span className="d-inline-flex gap-2 text-nowrap">
      {PUBLISH_TARGETS.map((target) => {
        const posted = flags[postedFlag(target)] === 1;
        const name = `${PUBLISH_TARGET_LABELS[target]}: ${posted ? 'posted' : 'not posted'}`;
        return (
          <i
            key={target}
            className={`bi ${TARGET_ICONS[target]} ${posted ? 'text-success' : 'text-danger'}`}
            role="img"
            aria-label={name}
            title={name}
          />
        );
      })}
    </span>
  );
}
