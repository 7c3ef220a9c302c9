import type { ColumnDef } from '@tanstack/react-table';
import { Button } from 'react-bootstrap';
import type { DetailRow } from './DeliveryState.tsx';
import { ScheduledBadge } from './ScheduledBadge.tsx';

/**
 * Detailed Review's Publish At column: the variant's scheduled time, and (for a user who may act)
 * the button that schedules an approved variant or moves its time.
 */
export function publishAtColumn<T extends DetailRow>(
  onSchedule: ((row: DetailRow) => void) | undefined,
): ColumnDef<T> {
  return {
    id: 'publish_at',
    header: 'Publish At',
    cell: ({ row }) => {
      const variant = row.original;
      return (
        <>
          {variant.publish_at ? (
            <ScheduledBadge at={variant.publish_at} />
          ) : (
            <span className="text-body-secondary">—</span>
          )}
          {onSchedule && variant.is_approved === 1 && (
            <div>
              <Button
                variant="link"
                size="sm"
                className="p-0"
                onClick={() => onSchedule(variant)}
                aria-label={`Schedule the publish to ${variant.website_name}`}
              >
                {variant.publish_at ? 'Reschedule' : 'Schedule'}
              </Button>
            </div>
          )}
        </>
      );
    },
  };
}
