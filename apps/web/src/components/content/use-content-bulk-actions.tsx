import { BULK_ACTION_LABELS, type ScheduleAction } from '@sitefleet/contract';
import { type ContentCallOptions, useBulkAction } from '../../lib/content/content-records.ts';
import type { ResourceList } from '../../lib/use-resource-list.ts';
import { BulkActionsMenu } from './BulkActionsMenu.tsx';
import {
  actionTarget,
  SelectAllMatchingBanner,
  useSelectAllMatching,
} from './SelectAllMatching.tsx';
import { SCHEDULE_ACTION_OPTIONS, useScheduleActions } from './use-schedule-actions.tsx';

/**
 * The Categories and Posts lists' Bulk Actions: the menu (for the `selectionActions` slot) and the
 * "Select all N matching" banner (for the `banner` slot). An action goes to the ticked ids, or to
 * the list's search and filters once every matching row is chosen.
 */
export function useContentBulkActions<
  A extends keyof typeof BULK_ACTION_LABELS,
  T,
  F extends string,
>(list: ResourceList<T, F>, calls: ContentCallOptions, actions: readonly A[]) {
  const bulkAction = useBulkAction<A | ScheduleAction>(calls);
  const schedule = useScheduleActions(bulkAction);
  const { selection, params } = list;
  const pageRows = list.rows.data?.data.length ?? 0;
  const total = list.rows.data?.total ?? 0;
  const matching = useSelectAllMatching(selection, pageRows, list.reloadKey);
  if (!selection) return { menu: null, banner: null };
  const selectedCount = matching.allMatching ? total : selection.selectedIds.length;
  return {
    menu: (
      <>
        <BulkActionsMenu<A | ScheduleAction>
          actions={[
            ...actions.map((action) => ({ value: action, label: BULK_ACTION_LABELS[action] })),
            ...SCHEDULE_ACTION_OPTIONS,
          ]}
          selectedCount={selectedCount}
          busy={bulkAction.isPending}
          onSelect={(action) => {
            const target = actionTarget(matching, selection.selectedIds, {
              query: params.query,
              ...params.filters,
            });
            if (!schedule.run(action, target, selectedCount)) {
              bulkAction.mutate({ action, ...target });
            }
          }}
        />
        {schedule.modal}
      </>
    ),
    banner: <SelectAllMatchingBanner matching={matching} pageRows={pageRows} total={total} />,
  };
}
