import { BULK_ACTION_LABELS, type ScheduleAction } from '@sitefleet/contract';
import { kindOfResource, useMayRunAction } from '../../lib/content/action-abilities.ts';
import { type ContentCallOptions, useBulkAction } from '../../lib/content/content-records.ts';
import { useBulkReviewAction } from '../../lib/content/variant-review.ts';
import type { ResourceList } from '../../lib/use-resource-list.ts';
import { BulkActionsMenu } from './BulkActionsMenu.tsx';
import { BulkReviewMenu } from './BulkReviewMenu.tsx';
import {
  actionTarget,
  SelectAllMatchingBanner,
  useSelectAllMatching,
} from './SelectAllMatching.tsx';
import { SCHEDULE_ACTION_OPTIONS, useScheduleActions } from './use-schedule-actions.tsx';

/**
 * The Categories and Posts lists' Bulk Actions: the menu (for the `selectionActions` slot) and the
 * "Select all N matching" banner (for the `banner` slot). An action goes to the ticked ids, or to
 * the list's search and filters once every matching row is chosen. Each menu offers the actions
 * the user's abilities allow: a reviewer approves, moves and assigns; a publisher publishes.
 */
export function useContentBulkActions<
  A extends keyof typeof BULK_ACTION_LABELS,
  T,
  F extends string,
>(list: ResourceList<T, F>, calls: ContentCallOptions, actions: readonly A[]) {
  const bulkAction = useBulkAction<A | ScheduleAction>(calls);
  const schedule = useScheduleActions(bulkAction);
  const reviewAction = useBulkReviewAction(calls.resource, calls.listKey);
  const mayRun = useMayRunAction(kindOfResource(calls.resource));
  const offered = [
    ...actions.map((action) => ({ value: action, label: BULK_ACTION_LABELS[action] })),
    ...SCHEDULE_ACTION_OPTIONS,
  ].filter((option) => mayRun(option.value));
  const { selection, params } = list;
  const pageRows = list.rows.data?.data.length ?? 0;
  const total = list.rows.data?.total ?? 0;
  const matching = useSelectAllMatching(selection, pageRows, list.reloadKey);
  if (!selection) return { menu: null, banner: null };
  const selectedCount = matching.allMatching ? total : selection.selectedIds.length;
  const target = () =>
    actionTarget(matching, selection.selectedIds, { query: params.query, ...params.filters });
  return {
    menu: (
      <div className="d-flex gap-2">
        {mayRun('move_stage') && (
          <BulkReviewMenu
            selectedCount={selectedCount}
            busy={reviewAction.isPending}
            onSelect={(choice) => reviewAction.mutate({ ...choice, ...target() })}
          />
        )}
        {offered.length > 0 && (
          <BulkActionsMenu<A | ScheduleAction>
            actions={offered}
            selectedCount={selectedCount}
            busy={bulkAction.isPending}
            onSelect={(action) => {
              const chosen = target();
              if (!schedule.run(action, chosen, selectedCount)) {
                bulkAction.mutate({ action, ...chosen });
              }
            }}
          />
        )}
        {schedule.modal}
      </div>
    ),
    banner: <SelectAllMatchingBanner matching={matching} pageRows={pageRows} total={total} />,
  };
}
