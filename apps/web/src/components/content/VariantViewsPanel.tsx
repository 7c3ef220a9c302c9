import type { ComponentType } from 'react';
import { Button } from 'react-bootstrap';
import type { DetailRow } from './DeliveryState.tsx';

/**
 * A record's views on one website since its variant was made (it draws none before it is
 * published): the traffic feature's chart, which the app hands to the screen.
 */
export type VariantViews = ComponentType<{ recordId: number; websiteId: number; since: string }>;

interface VariantViewsPanelProps {
  recordId: number;
  row: DetailRow;
  views: VariantViews;
  onClose: () => void;
}

/** Under Detailed Review's table, as a row's attempts are: the variant's views per day. */
export function VariantViewsPanel({
  recordId,
  row,
  views: Views,
  onClose,
}: VariantViewsPanelProps) {
  return (
    <section className="border-top p-3" aria-label={`Views of row ${row.variant_id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0 me-auto">
          Views: row {row.variant_id} ({row.website_name})
        </h3>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          Hide views
        </Button>
      </div>
      <Views recordId={recordId} websiteId={row.website_id} since={row.created_at} />
    </section>
  );
}
