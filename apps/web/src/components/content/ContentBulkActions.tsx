import { BULK_ACTION_LABELS } from '@sitefleet/contract';
import { type ContentCallOptions, useBulkAction } from '../../lib/content/content-records.ts';
import { BulkActionsMenu } from './BulkActionsMenu.tsx';

interface ContentBulkActionsProps<A extends keyof typeof BULK_ACTION_LABELS> {
  /** The kind's actions (the contract's CATEGORY_ACTIONS or POST_ACTIONS). */
  actions: readonly A[];
  /** The kind's calls: POST {resource}/action, then its lists reload. */
  calls: ContentCallOptions;
  /** The ticked rows' ids. */
  selectedIds: number[];
}

/** The Bulk Actions menu of Categories and Posts: each action runs on the ticked rows at once. */
export function ContentBulkActions<A extends keyof typeof BULK_ACTION_LABELS>({
  actions,
  calls,
  selectedIds,
}: ContentBulkActionsProps<A>) {
  const bulkAction = useBulkAction<A>(calls);
  return (
    <BulkActionsMenu
      actions={actions.map((action) => ({ value: action, label: BULK_ACTION_LABELS[action] }))}
      selectedCount={selectedIds.length}
      busy={bulkAction.isPending}
      onSelect={(action) => bulkAction.mutate({ action, ids: selectedIds })}
    />
  );
}
