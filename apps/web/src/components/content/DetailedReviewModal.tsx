import {
  DETAIL_ACTION_LABELS,
  DETAIL_ACTIONS,
  type DetailAction,
  type FromWireVariant,
  POST_DESCRIPTION_PREVIEW,
  PUBLISH_TARGET_LABELS,
  PUBLISH_TARGETS,
  postedFlag,
  type ScheduleAction,
  truncate,
  type variantFlagsSchema,
} from '@sitefleet/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import type { z } from 'zod';
import { kindOfResource, useMayRunAction } from '../../lib/content/action-abilities.ts';
import {
  type ContentResource,
  type DetailPage,
  detailRowsKey,
  useDetailAction,
  useDetailRows,
  type WireDetailRow,
} from '../../lib/content/content-records.ts';
import { useReviewAction } from '../../lib/content/variant-review.ts';
import { useListReloadKey, useRowSelection } from '../../lib/use-row-selection.ts';
import { CellDateTime, CellName } from '../CellText.tsx';
import { DataTable } from '../DataTable.tsx';
import { Pagination } from '../Pagination.tsx';
import { BulkActionControl } from './BulkActionControl.tsx';
import { BulkReviewMenu } from './BulkReviewMenu.tsx';
import { DeliveryAttempts } from './DeliveryAttempts.tsx';
import { DeliveryState, type DetailRow } from './DeliveryState.tsx';
import { DueDate } from './DueDate.tsx';
import { FlagBadge } from './FlagBadge.tsx';
import { publishAtColumn } from './publish-at-column.tsx';
import { StageBadge } from './StageBadge.tsx';
import { SCHEDULE_ACTION_OPTIONS, useScheduleActions } from './use-schedule-actions.tsx';
import { VariantReviewPanel } from './VariantReviewPanel.tsx';
import { type VariantViews, VariantViewsPanel } from './VariantViewsPanel.tsx';

type VariantFlag = keyof z.infer<typeof variantFlagsSchema>;

/** Every detail action; the menu offers those the user's abilities allow. */
const DETAIL_ACTION_OPTIONS = [
  ...DETAIL_ACTIONS.map((action) => ({ value: action, label: DETAIL_ACTION_LABELS[action] })),
  ...SCHEDULE_ACTION_OPTIONS,
];

const detailRowId = (row: DetailRow) => row.variant_id;

/** A variant's delivery state and the button that opens its attempts. */
function DeliveryCell({ row, onShowAttempts }: { row: DetailRow; onShowAttempts: () => void }) {
  return (
    <>
      <DeliveryState row={row} />
      <div>
        <Button variant="link" size="sm" className="p-0" onClick={onShowAttempts}>
          Attempts
        </Button>
      </div>
    </>
  );
}

function flagColumn<T extends DetailRow>(id: VariantFlag, header: string): ColumnDef<T> {
  return {
    id,
    header,
    cell: ({ row }) => <FlagBadge value={row.original[id]} />,
    meta: { className: 'text-center' },
  };
}

/** Detailed Review's columns, the subject's name (category or post) second. */
function detailColumns<T extends DetailRow>(
  subject: DetailedReviewSubject<T>,
  onShowAttempts: (row: DetailRow) => void,
  onSchedule: ((row: DetailRow) => void) | undefined,
  onReview: ((row: DetailRow) => void) | null,
  onShowViews: ((row: DetailRow) => void) | null,
): ColumnDef<T>[] {
  return [
    { id: 'variant_id', header: 'ID', accessorKey: 'variant_id' },
    {
      id: 'subject',
      header: subject.header,
      cell: ({ row }) => <CellName name={subject.value(row.original)} />,
    },
    {
      id: 'website',
      header: 'Website',
      cell: ({ row }) => (
        <>
          <CellName name={row.original.website_name} />
          {onShowViews && (
            <div>
              <Button
                variant="link"
                size="sm"
                className="p-0"
                onClick={() => onShowViews(row.original)}
              >
                Views
              </Button>
            </div>
          )}
        </>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      cell: ({ row }) => (
        <span className="cell-clamp cell-clamp-compact" title={row.original.description}>
          {truncate(row.original.description, POST_DESCRIPTION_PREVIEW)}
        </span>
      ),
    },
    {
      // The stage, its assignee and due date in one column, so that every column fits a laptop.
      id: 'stage',
      header: 'Stage',
      cell: ({ row }) => (
        <div className="d-flex flex-column align-items-start gap-1">
          <StageBadge stage={row.original.stage} />
          {row.original.assignee && (
            <span className="small" title="Assignee">
              <i className="bi bi-person me-1" aria-hidden="true" />
              {row.original.assignee.name}
            </span>
          )}
          {row.original.due_at && <DueDate value={row.original.due_at} />}
          {onReview && (
            <Button variant="link" size="sm" className="p-0" onClick={() => onReview(row.original)}>
              Review
            </Button>
          )}
        </div>
      ),
    },
    flagColumn<T>('synced', 'Synced'),
    flagColumn<T>('is_approved', 'Approved'),
    flagColumn<T>('is_updated_after_posted', 'Updated After Posted'),
    ...PUBLISH_TARGETS.map((target) =>
      flagColumn<T>(postedFlag(target), `On ${PUBLISH_TARGET_LABELS[target]}`),
    ),
    {
      id: 'delivery',
      header: 'Delivery',
      cell: ({ row }) => (
        <DeliveryCell row={row.original} onShowAttempts={() => onShowAttempts(row.original)} />
      ),
    },
    publishAtColumn<T>(onSchedule),
    {
      id: 'created_at',
      header: 'Created At',
      cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
    },
  ];
}

export interface DetailedReviewSubject<T> {
  /** 'Category' or 'Post'. */
  header: string;
  /** The record's name as the row carries it (category_name, post_title). */
  value: (row: T) => string;
}

interface DetailedReviewModalProps<T extends WireDetailRow> {
  resource: ContentResource;
  /** The list's query key; an action reloads it and these rows. */
  listKey: QueryKey;
  recordId: number;
  recordName: string;
  pageSchema: z.ZodType<DetailPage<T>>;
  subject: DetailedReviewSubject<FromWireVariant<T>>;
  /** The user may run detail actions (category-action, post-action). */
  canAct: boolean;
  onClose: () => void;
  /** A row's views since its variant was made, where the screen has them (posts). */
  variantViews?: VariantViews;
}

/**
 * Detailed Review: a record's variants, one per website, paged, with their flags and latest
 * delivery; a row's attempts open below the table, with 'Retry now'. Ticked rows take a detail
 * action (Apply needs an action and a row) or a review one (Move to…, Assign); the rows reload
 * afterwards, which clears the ticks. A reviewer without the publishing ability gets Mark as
 * Approved and the review menu only.
 */
export function DetailedReviewModal<T extends WireDetailRow>({
  resource,
  listKey,
  recordId,
  recordName,
  pageSchema,
  subject,
  canAct,
  onClose,
  variantViews,
}: DetailedReviewModalProps<T>) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const calls = { resource, listKey };
  const details = useDetailRows(calls, recordId, page, pageSchema);
  const selection = useRowSelection(
    useListReloadKey(detailRowsKey(listKey, recordId, page)),
    details.data?.data.map(detailRowId) ?? [],
  );
  const applyAction = useDetailAction<DetailAction | ScheduleAction>(calls);
  const schedule = useScheduleActions(applyAction);
  const scheduleOne = schedule.run;
  const [attemptsOfId, setAttemptsOfId] = useState<number | null>(null);
  // The row as last loaded, so that the attempts panel follows the row's state as it changes.
  const attemptsOf = details.data?.data.find((row) => row.variant_id === attemptsOfId);
  const kind = kindOfResource(resource);
  const mayRun = useMayRunAction(kind);
  const canReview = mayRun('move_stage');
  const actionOptions = DETAIL_ACTION_OPTIONS.filter((option) => mayRun(option.value));
  const reviewAction = useReviewAction(resource, listKey);
  const canSelect = actionOptions.length > 0 || canReview;
  const [reviewOfId, setReviewOfId] = useState<number | null>(null);
  const reviewOf = details.data?.data.find((row) => row.variant_id === reviewOfId);
  const [viewsOfId, setViewsOfId] = useState<number | null>(null);
  const viewsOf = details.data?.data.find((row) => row.variant_id === viewsOfId);
  const columns = useMemo(
    () =>
      detailColumns(
        subject,
        (row) => setAttemptsOfId(row.variant_id),
        canAct
          ? (row) =>
              scheduleOne(
                'schedule_publish',
                { ids: [row.variant_id] },
                1,
                row.publish_at ?? undefined,
              )
          : undefined,
        canReview ? (row) => setReviewOfId(row.variant_id) : null,
        variantViews ? (row) => setViewsOfId(row.variant_id) : null,
      ),
    [subject, canAct, scheduleOne, canReview, variantViews],
  );
  const selectedCount = selection.selectedIds.length;

  return (
    <Modal
      show
      onHide={onClose}
      dialogClassName="modal-wide"
      fullscreen="xl-down"
      scrollable
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Detailed Review: {recordName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        {canSelect && (
          <div className="d-flex flex-wrap align-items-center gap-3 p-3 border-bottom">
            {actionOptions.length > 0 && (
              <BulkActionControl
                actions={actionOptions}
                selectedCount={selectedCount}
                busy={applyAction.isPending}
                onApply={(action) => {
                  const target = { ids: selection.selectedIds };
                  if (!schedule.run(action, target, selectedCount)) {
                    applyAction.mutate({ action: action as DetailAction, ...target });
                  }
                }}
              />
            )}
            {canReview && (
              <BulkReviewMenu
                label="Move / Assign"
                selectedCount={selectedCount}
                busy={reviewAction.isPending}
                onSelect={(choice) =>
                  reviewAction.mutate({ ...choice, ids: selection.selectedIds })
                }
              />
            )}
            <span className="text-body-secondary small">
              {selectedCount} {selectedCount === 1 ? 'row' : 'rows'} selected
            </span>
          </div>
        )}
        <DataTable
          label="Detail rows"
          columns={columns}
          rows={details.data?.data}
          rowId={detailRowId}
          selection={canSelect ? selection : undefined}
          isFetching={details.isFetching}
          error={details.error}
          compact
        />
        {schedule.modal}
        {attemptsOf && (
          <DeliveryAttempts
            key={attemptsOf.variant_id}
            resource={resource}
            listKey={listKey}
            row={attemptsOf}
            canAct={canAct}
            onClose={() => setAttemptsOfId(null)}
          />
        )}
        {viewsOf && variantViews && (
          <VariantViewsPanel
            key={viewsOf.variant_id}
            recordId={recordId}
            row={viewsOf}
            views={variantViews}
            onClose={() => setViewsOfId(null)}
          />
        )}
        {reviewOf && (
          <VariantReviewPanel
            key={reviewOf.variant_id}
            kind={kind}
            resource={resource}
            listKey={listKey}
            row={reviewOf}
            onClose={() => setReviewOfId(null)}
          />
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <div className="flex-grow-1">
          <Pagination page={details.data} onPageChange={setPage} label="Detail rows pages" />
        </div>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
