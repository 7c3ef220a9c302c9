import {
  REVIEW_EVENT_LABELS,
  type VariantKind,
  WORKFLOW_LIMITS,
  WORKFLOW_MESSAGES,
} from '@sitefleet/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useAuth } from '../../lib/auth-store.ts';
import type { ContentResource } from '../../lib/content/content-records.ts';
import {
  useAddComment,
  useAssignable,
  useReviewAction,
  useReviewLink,
  useVariantComments,
  useVariantHistory,
  useWorkflowOptions,
} from '../../lib/content/variant-review.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { CellDateTime } from '../CellText.tsx';
import { COPY_FAILED_TEXT, CopyButton, useCopy } from '../CopyButton.tsx';
import { DateTimeInput } from '../form/DateTimeInput.tsx';
import { SearchSelect } from '../SearchSelect.tsx';
import type { DetailRow } from './DeliveryState.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import { StageBadge } from './StageBadge.tsx';

interface VariantReviewPanelProps {
  kind: VariantKind;
  resource: ContentResource;
  listKey: QueryKey;
  row: DetailRow;
  onClose: () => void;
}

/** Move to…: the stages of the row's workflow, and a comment (needed to move back). */
function MoveTo({ row, resource, listKey }: Omit<VariantReviewPanelProps, 'kind' | 'onClose'>) {
  const workflows = useWorkflowOptions();
  const move = useReviewAction(resource, listKey);
  const stages =
    workflows.data?.find((workflow) => workflow.stages.some((stage) => stage.id === row.stage.id))
      ?.stages ?? [];
  const [stageId, setStageId] = useState<number | ''>('');
  const [comment, setComment] = useState('');
  const selectId = useId();
  const target = stages.find((stage) => stage.id === stageId);
  const current = stages.find((stage) => stage.id === row.stage.id);
  const needsComment =
    !!target && !!current && target.position < current.position && !comment.trim();
  return (
    <form
      className="d-flex flex-wrap gap-2 align-items-end mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (stageId === '' || needsComment) return;
        move.mutate(
          {
            action: 'move_stage',
            ids: [row.variant_id],
            stage_id: stageId,
            comment: comment || undefined,
          },
          { onSuccess: () => setComment('') },
        );
      }}
    >
      <div>
        <label className="form-label small mb-1" htmlFor={selectId}>
          Move to…
        </label>
        <select
          id={selectId}
          className="form-select form-select-sm"
          value={stageId}
          onChange={(event) =>
            setStageId(event.target.value === '' ? '' : Number(event.target.value))
          }
        >
          <option value="">Choose a stage</option>
          {stages.map((stage) => (
            <option key={stage.id} value={stage.id} disabled={stage.id === row.stage.id}>
              {stage.name}
            </option>
          ))}
        </select>
      </div>
      <input
        className={`form-control form-control-sm flex-grow-1 ${needsComment ? 'is-invalid' : ''}`}
        aria-label="Comment on the move"
        placeholder={
          needsComment ? WORKFLOW_MESSAGES.commentForBack : 'Comment (needed to move back)'
        }
        value={comment}
        maxLength={WORKFLOW_LIMITS.commentMax}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button type="submit" size="sm" disabled={stageId === '' || needsComment || move.isPending}>
        Move
      </Button>
    </form>
  );
}

/**
 * Assign (with a due date): to the signed-in user, to another user who may review the variant
 * (Assign to…, searched by name or address), or to nobody.
 */
function AssignControls({
  kind,
  row,
  resource,
  listKey,
}: Omit<VariantReviewPanelProps, 'onClose'>) {
  const { user } = useAuth();
  const assign = useReviewAction(resource, listKey);
  const [due, setDue] = useState('');
  const [search, setSearch] = useState('');
  const assignable = useAssignable(kind, row.variant_id, useDebouncedValue(search.trim()));
  const dueId = useId();
  const assignTo = (userId: number | null) =>
    assign.mutate({
      action: 'assign',
      ids: [row.variant_id],
      user_id: userId,
      due_at: userId !== null && due ? new Date(due).toISOString() : null,
    });
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
      <div>
        <label className="form-label small mb-1" htmlFor={dueId}>
          Due
        </label>
        <DateTimeInput
          id={dueId}
          label="Due"
          className="form-control form-control-sm"
          value={due}
          onChange={setDue}
        />
      </div>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={!user || assign.isPending}
        onClick={() => assignTo(user!.id)}
      >
        Assign to me
      </Button>
      <div style={{ minWidth: '16rem' }}>
        <SearchSelect
          ariaLabel="Assign to"
          placeholder="Assign to…"
          options={(assignable.data ?? [])
            .filter((candidate) => candidate.id !== row.assignee?.id)
            .map((candidate) => ({
              value: candidate.id,
              label: `${candidate.name} (${candidate.email})`,
            }))}
          value={null}
          onChange={(userId) => userId !== null && assignTo(userId)}
          onSearch={setSearch}
          isLoading={assignable.isFetching}
          isDisabled={assign.isPending}
        />
      </div>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={row.assignee === null || assign.isPending}
        onClick={() => assignTo(null)}
      >
        Unassign
      </Button>
    </div>
  );
}

function ReviewLinkControl({ kind, row }: { kind: VariantKind; row: DetailRow }) {
  const link = useReviewLink(kind, row.variant_id);
  const [hours, setHours] = useState(24);
  const hoursId = useId();
  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <div>
          <label className="form-label small mb-1" htmlFor={hoursId}>
            Review link for (hours)
          </label>
          <input
            id={hoursId}
            type="number"
            min={WORKFLOW_LIMITS.linkHoursMin}
            max={WORKFLOW_LIMITS.linkHoursMax}
            className="form-control form-control-sm"
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
          />
        </div>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={link.isPending}
          onClick={() => link.mutate(hours)}
        >
          Review link
        </Button>
      </div>
      {link.data && <ReviewLinkShown url={link.data.url} expiresAt={link.data.expires_at} />}
    </div>
  );
}

/** A review link just made, with a Copy button: it is handed to the reviewer outside the app. */
function ReviewLinkShown({ url, expiresAt }: { url: string; expiresAt: string }) {
  const copy = useCopy(url);
  return (
    <div className="mt-2 small">
      <div className="input-group input-group-sm">
        <input
          className="form-control"
          readOnly
          aria-label="Review link"
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton copy={copy} />
      </div>
      <span className="text-body-secondary">
        {copy.state === 'failed' && `${COPY_FAILED_TEXT} `}
        Usable once, until <CellDateTime value={expiresAt} />.
      </span>
    </div>
  );
}

/** The history and the comment thread, with the comment box. */
function HistoryAndComments({ kind, row }: { kind: VariantKind; row: DetailRow }) {
  const history = useVariantHistory(kind, row.variant_id);
  const comments = useVariantComments(kind, row.variant_id);
  const addComment = useAddComment(kind, row.variant_id);
  const [body, setBody] = useState('');
  const bodyId = useId();
  return (
    <div className="row">
      <section className="col-md-6" aria-label="History">
        <h4 className="h6">History</h4>
        {history.data?.length === 0 && <p className="text-body-secondary small">No moves yet.</p>}
        <ol className="list-unstyled small">
          {history.data?.map((entry) => (
            <li key={entry.id} className="mb-1">
              <CellDateTime value={entry.created_at} /> · {entry.user?.name ?? 'System'} ·{' '}
              {REVIEW_EVENT_LABELS[entry.event]}
              {entry.event === 'stage_changed' && `: ${entry.from_stage} → ${entry.to_stage}`}
              {entry.event === 'assigned' && `: ${entry.assignee ?? 'nobody'}`}
              {entry.event === 'stage_changed' && entry.comment && ` (“${entry.comment}”)`}
            </li>
          ))}
        </ol>
      </section>
      <section className="col-md-6" aria-label="Comments">
        <h4 className="h6">Comments</h4>
        {comments.data?.length === 0 && (
          <p className="text-body-secondary small">No comments yet.</p>
        )}
        {comments.data?.map((comment) => (
          <article key={comment.id} className="border rounded p-2 mb-2 small">
            <div className="text-body-secondary">
              {comment.author.name} · <CellDateTime value={comment.created_at} />
            </div>
            {/* Rendered and sanitised on the server: no script, handler or javascript: link. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side */}
            <div dangerouslySetInnerHTML={{ __html: comment.body_html }} />
          </article>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!body.trim()) return;
            addComment.mutate(body, { onSuccess: () => setBody('') });
          }}
        >
          <label className="form-label small" htmlFor={bodyId}>
            Comment (Markdown; mention someone with @ and their name or e-mail address)
          </label>
          <MentionTextarea
            kind={kind}
            variantId={row.variant_id}
            id={bodyId}
            className="form-control form-control-sm mb-2"
            rows={3}
            maxLength={WORKFLOW_LIMITS.commentMax}
            value={body}
            onChange={setBody}
          />
          <Button type="submit" size="sm" disabled={!body.trim() || addComment.isPending}>
            Comment
          </Button>
        </form>
      </section>
    </div>
  );
}

/** A variant's review below the Detailed Review table: move, assign, link, history, comments. */
export function VariantReviewPanel({
  kind,
  resource,
  listKey,
  row,
  onClose,
}: VariantReviewPanelProps) {
  return (
    <section className="border-top p-3" aria-label={`Review of ${row.website_name}`}>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h3 className="h6 mb-0">
          Review on {row.website_name} <StageBadge stage={row.stage} />
          {row.assignee && <span className="ms-2 small">Assigned to {row.assignee.name}</span>}
        </h3>
        <Button variant="link" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <MoveTo row={row} resource={resource} listKey={listKey} />
      <AssignControls kind={kind} row={row} resource={resource} listKey={listKey} />
      <ReviewLinkControl kind={kind} row={row} />
      <HistoryAndComments kind={kind} row={row} />
    </section>
  );
}
