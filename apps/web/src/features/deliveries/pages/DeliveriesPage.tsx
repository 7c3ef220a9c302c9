import {
  ATTEMPT_FILTERS,
  DELIVERY_HEALTH_ORDER_KEYS,
  type DeliveryHealth,
  deliveriesResource,
  deliveryHealthResource,
  type FleetDelivery,
} from '@sitefleet/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DeliveryHealthLegend } from '../../../components/DeliveryHealthBadge.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { useReplayFailed, useWebsiteDeliveryActions } from '../api/deliveries.ts';
import { AttemptFilters } from '../components/AttemptFilters.tsx';
import { ATTEMPT_COLUMNS } from '../components/attempt-columns.tsx';
import { healthColumns } from '../components/health-columns.tsx';

/** The attempts list keeps its page, search and filters in the address under this prefix. */
const ATTEMPTS_PREFIX = 'attempts_';

/**
 * The fleet's deliveries: every website's health over the last day, worst first, with Pause,
 * Resume, Test and Replay failed in each row's menu; every attempt below, newest first.
 */
export function DeliveriesPage() {
  const canManage = useCan('delivery-manage');
  const fleet = useResourceList<DeliveryHealth>({
    rowId: (row) => row.website_id,
    resource: deliveryHealthResource,
  });
  const attempts = useResourceList({
    resource: deliveriesResource,
    rowId: (row) => row.id,
    filters: ATTEMPT_FILTERS,
    prefix: ATTEMPTS_PREFIX,
  });
  const { pause, resume, test } = useWebsiteDeliveryActions();
  const { count, replay } = useReplayFailed();
  const [replaying, setReplaying] = useState<DeliveryHealth | null>(null);

  const columns = healthColumns(
    {
      pause: (row) => pause.mutate(row),
      resume: (row) => resume.mutate(row),
      test: (row) => test.mutate(row),
      replayFailed: (row) => {
        setReplaying(row);
        count.mutate(row.website_id);
      },
    },
    canManage,
  );
  const toReplay = count.data ?? 0;

  return (
    <ResourceListPage
      title="Deliveries"
      list={fleet}
      columns={columns}
      sortKeys={DELIVERY_HEALTH_ORDER_KEYS}
      rowClassName={(row) => (row.paused ? 'table-danger' : undefined)}
      banner={<DeliveryHealthLegend />}
      emptyText="No website yet."
    >
      <ListCard
        search={
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <SearchBox
              value={attempts.params.query}
              onSearch={attempts.params.setQuery}
              label="Search attempt errors"
            />
            <AttemptFilters
              values={attempts.params.filters}
              onChange={attempts.params.setFilters}
            />
          </div>
        }
        actions={<ExportButton resource="deliveries" list={attempts.params} />}
        footer={
          <Pagination
            page={attempts.rows.data}
            onPageChange={attempts.params.setPage}
            perPage={attempts.params.perPage}
            onPerPageChange={attempts.params.setPerPage}
            label="Attempts pages"
          />
        }
      >
        <DataTable<FleetDelivery>
          label="Attempts"
          columns={ATTEMPT_COLUMNS}
          rows={attempts.rows.data?.data}
          rowId={attempts.rowId}
          isFetching={attempts.rows.isFetching}
          error={attempts.rows.error}
          firstRowNumber={attempts.rows.data?.from ?? 1}
          emptyText="No attempt matches."
        />
      </ListCard>

      <ConfirmModal
        show={replaying !== null}
        title="Replay failed deliveries"
        confirmLabel={`Replay ${toReplay}`}
        confirmVariant="primary"
        busy={replay.isPending}
        confirmDisabled={count.isPending || toReplay === 0}
        onConfirm={() =>
          replaying && replay.mutate(replaying.website_id, { onSettled: () => setReplaying(null) })
        }
        onCancel={() => setReplaying(null)}
      >
        {count.isPending
          ? 'Counting the failed deliveries…'
          : `${toReplay} failed ${toReplay === 1 ? 'delivery' : 'deliveries'} of ${replaying?.website_name ?? ''} will be sent again, under their original idempotency keys.`}
      </ConfirmModal>
    </ResourceListPage>
  );
}
