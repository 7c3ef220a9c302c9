import {
  formatDateTime,
  type PublicReview,
  REVIEW_DECISION_LABELS,
  WORKFLOW_LIMITS,
  WORKFLOW_MESSAGES,
} from '@sitefleet/contract';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { isApiError } from '../../../lib/http.ts';
import { usePublicReview, useReviewDecision } from '../api/public-review.ts';

/** Who asks the reviewer for what, and where each button takes the text. */
function ReviewRequest({ review }: { review: PublicReview }) {
  const what = `this ${review.kind} for ${review.website_name}`;
  return (
    <div className="alert alert-info" data-testid="review-request">
      <p className="mb-1">
        {review.requested_by
          ? `${review.requested_by} asks you to review ${what}.`
          : `You are asked to review ${what}.`}
      </p>
      <p className="mb-1">
        {review.approve_to
          ? `${REVIEW_DECISION_LABELS.approve} moves it on to ${review.approve_to}; `
          : `${REVIEW_DECISION_LABELS.approve} keeps it in ${review.stage}; `}
        {`${REVIEW_DECISION_LABELS.request_changes} sends it back to ${review.changes_to} with your comment.`}
      </p>
      <p className="mb-0 small">This link works once, until {formatDateTime(review.expires_at)}.</p>
    </div>
  );
}

/**
 * /review/<token>: what an outside reviewer sees without an account. The variant read-only and two
 * buttons; one column, so that it reads on a phone.
 */
export function PublicReviewPage() {
  const { token = '' } = useParams();
  const review = usePublicReview(token);
  const decision = useReviewDecision(token);
  const [reviewerName, setReviewerName] = useState('');
  const [comment, setComment] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const nameId = useId();
  const commentId = useId();

  const decide = (choice: 'approve' | 'request_changes') => {
    const nameMissing = reviewerName.trim() === '';
    const commentMissing = choice === 'request_changes' && comment.trim() === '';
    setNameError(nameMissing ? WORKFLOW_MESSAGES.reviewerNameRequired : null);
    setCommentError(commentMissing ? WORKFLOW_MESSAGES.changesNeedComment : null);
    if (nameMissing || commentMissing) return;
    decision.mutate({ decision: choice, reviewer_name: reviewerName, comment });
  };

  let content: React.ReactNode;
  if (review.isPending) content = <LoadingSpinner />;
  else if (review.isError) {
    content = (
      <div className="alert alert-warning" role="alert">
        {isApiError(review.error) ? review.error.message : WORKFLOW_MESSAGES.linkUnknown}
      </div>
    );
  } else if (decision.isSuccess) {
    content = (
      <div className="alert alert-success" role="status">
        {decision.data.message}
      </div>
    );
  } else {
    const { title, description, website_name, stage } = review.data;
    content = (
      <>
        <h1 className="h4">{title}</h1>
        <p className="text-body-secondary mb-2">
          {website_name} · <span className="badge text-bg-secondary">{stage}</span>
        </p>
        <ReviewRequest review={review.data} />
        <div className="border rounded p-3 mb-3" style={{ whiteSpace: 'pre-wrap' }}>
          {description}
        </div>
        <label className="form-label" htmlFor={nameId}>
          Your name
        </label>
        <input
          id={nameId}
          className={`form-control mb-1 ${nameError ? 'is-invalid' : ''}`}
          maxLength={WORKFLOW_LIMITS.nameMax}
          autoComplete="name"
          value={reviewerName}
          onChange={(event) => setReviewerName(event.target.value)}
        />
        {nameError && <div className="invalid-feedback d-block mb-2">{nameError}</div>}
        <label className="form-label mt-2" htmlFor={commentId}>
          Comment
        </label>
        <textarea
          id={commentId}
          className={`form-control mb-1 ${commentError ? 'is-invalid' : ''}`}
          rows={4}
          maxLength={WORKFLOW_LIMITS.commentMax}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {commentError && <div className="invalid-feedback d-block">{commentError}</div>}
        {decision.isError && (
          <div className="alert alert-danger mt-2" role="alert">
            {decision.error.message}
          </div>
        )}
        <div className="d-grid gap-2 d-sm-flex mt-3">
          <button
            type="button"
            className="btn btn-success"
            disabled={decision.isPending}
            onClick={() => decide('approve')}
          >
            {REVIEW_DECISION_LABELS.approve}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={decision.isPending}
            onClick={() => decide('request_changes')}
          >
            {REVIEW_DECISION_LABELS.request_changes}
          </button>
        </div>
      </>
    );
  }
  return (
    <main className="container py-4" style={{ maxWidth: '40rem' }}>
      {content}
    </main>
  );
}
