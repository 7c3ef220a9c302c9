import type { ColumnDef } from '@tanstack/react-table';
import { StageBadge } from './StageBadge.tsx';

interface ReviewState {
  stages: { id: number; name: string; colour: string }[];
  assignees: { id: number; name: string }[];
}

/**
 * A Posts or Categories list row's review state: the distinct stages of the record's variants
 * (one per website) as coloured badges, and whom they are assigned to.
 */
export function ReviewStateCell({ record: { stages, assignees } }: { record: ReviewState }) {
  const names = assignees.map((assignee) => assignee.name).join(', ');
  return (
    <>
      <div className="d-flex flex-wrap gap-1">
        {stages.map((stage) => (
          <StageBadge key={stage.id} stage={stage} />
        ))}
      </div>
      {names && (
        <div className="small text-body-secondary cell-truncate" title={`Assigned to ${names}`}>
          <i className="bi bi-person me-1" aria-hidden="true" />
          <span className="visually-hidden">Assigned to </span>
          {names}
        </div>
      )}
    </>
  );
}

/** The Review column of a list whose rows carry their review state. */
export function reviewColumn<T extends ReviewState>(): ColumnDef<T> {
  return {
    id: 'review',
    header: 'Review',
    cell: ({ row }) => <ReviewStateCell record={row.original} />,
  };
}
