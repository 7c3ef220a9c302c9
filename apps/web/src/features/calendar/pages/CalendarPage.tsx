import {
  CALENDAR_STATES,
  categoryDetailListSchema,
  localTimeZone,
  postDetailListSchema,
} from '@sitefleet/contract';
import { useState } from 'react';
import { DetailedReviewModal } from '../../../components/content/DetailedReviewModal.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { Page } from '../../../components/Page.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import {
  CALENDAR_KEY,
  type CalendarItem,
  useCalendarItems,
  useReschedule,
} from '../api/calendar.ts';
import {
  addDays,
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  type CalendarView,
  moveAnchor,
  movedTime,
  rangeTitle,
  startOfDay,
  visibleDays,
} from '../calendar-range.ts';
import { dragValue, type EntryAllowed } from '../components/CalendarEntry.tsx';
import { CalendarGrid } from '../components/CalendarGrid.tsx';

const STATE_BADGES = { scheduled: 'primary', published: 'success', failed: 'danger' } as const;

/** How Detailed Review opens on an item of either kind. */
const REVIEWS = {
  post: {
    resource: '/api/posts',
    pageSchema: postDetailListSchema,
    subject: { header: 'Post', value: (row: { post_title: string }) => row.post_title },
  },
  category: {
    resource: '/api/categories',
    pageSchema: categoryDetailListSchema,
    subject: { header: 'Category', value: (row: { category_name: string }) => row.category_name },
  },
} as const;

/**
 * The Calendar: what is scheduled, published and failed, by month, week or day, in the browser's
 * time zone. A scheduled item dragged to another day (or hour, in the day view) is rescheduled,
 * with Undo; a click opens its Detailed Review.
 */
export function CalendarPage() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [websiteId, setWebsiteId] = useState<number | undefined>(undefined);
  const [reviewing, setReviewing] = useState<CalendarItem | null>(null);
  const days = visibleDays(view, anchor);
  const from = days[0]!;
  const to = addDays(days.at(-1)!, 1);
  const calendar = useCalendarItems(from, to, websiteId);
  const websites = useWebsiteOptions();
  const reschedule = useReschedule();
  // Rescheduling is a schedule action (`-action`); Detailed Review reads with `-review`.
  const allowedOn: Record<CalendarItem['kind'], EntryAllowed> = {
    post: { open: useCan('post-review'), move: useCan('post-action') },
    category: { open: useCan('category-review'), move: useCan('category-action') },
  };
  const mayMoveAny = allowedOn.post.move || allowedOn.category.move;
  const items = calendar.data?.data ?? [];

  const moveTo = (item: CalendarItem, at: Date) => {
    if (at.getTime() !== Date.parse(item.at)) reschedule.mutate({ item, at });
  };
  const review = reviewing && REVIEWS[reviewing.kind];

  return (
    <Page title="Calendar">
      <div className="card">
        <div className="card-header d-flex flex-wrap align-items-center gap-2">
          <div className="btn-group btn-group-sm">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setAnchor(moveAnchor(view, anchor, -1))}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setAnchor(startOfDay(new Date()))}
            >
              Today
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setAnchor(moveAnchor(view, anchor, 1))}
            >
              Next
            </button>
          </div>
          <h2 className="h5 mb-0 mx-2" aria-live="polite">
            {rangeTitle(view, anchor)}
          </h2>
          <div className="btn-group btn-group-sm ms-auto">
            {CALENDAR_VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                className={`btn btn-outline-secondary${option === view ? ' active' : ''}`}
                aria-pressed={option === view}
                onClick={() => setView(option)}
              >
                {CALENDAR_VIEW_LABELS[option]}
              </button>
            ))}
          </div>
          <label className="visually-hidden" htmlFor="calendar-website">
            Website
          </label>
          <select
            id="calendar-website"
            className="form-select form-select-sm w-auto"
            value={websiteId ?? ''}
            onChange={(event) =>
              setWebsiteId(event.target.value === '' ? undefined : Number(event.target.value))
            }
          >
            <option value="">All websites</option>
            {websites.data?.map((website) => (
              <option key={website.id} value={website.id}>
                {website.name}
              </option>
            ))}
          </select>
        </div>
        <div className="card-body">
          <div className="d-flex flex-wrap gap-3 mb-2 small text-body-secondary">
            <span>Times in {localTimeZone()}.</span>
            {CALENDAR_STATES.map((state) => (
              <span key={state}>
                <span className={`badge text-bg-${STATE_BADGES[state]} me-1`}>{state}</span>
              </span>
            ))}
            {mayMoveAny && (
              <span>
                Drag a scheduled item to another day, or press Alt and an arrow key on it.
              </span>
            )}
          </div>
          {calendar.error ? (
            <div className="alert alert-danger" role="alert">
              {calendar.error.message}
            </div>
          ) : calendar.isPending ? (
            <LoadingSpinner />
          ) : (
            <>
              {calendar.data?.truncated && (
                <div className="alert alert-warning" role="status">
                  Only the first {items.length.toLocaleString('en-US')} items are shown: choose a
                  website or a shorter view.
                </div>
              )}
              {items.length === 0 && (
                <p className="text-body-secondary">Nothing is scheduled or published here.</p>
              )}
              <CalendarGrid
                view={view}
                days={days}
                month={anchor.getMonth()}
                items={items}
                allowed={(item) => allowedOn[item.kind]}
                onOpen={setReviewing}
                onMove={(item, dayStep, hourStep) =>
                  moveTo(
                    item,
                    new Date(Date.parse(item.at) + (dayStep * 24 + hourStep) * 3_600_000),
                  )
                }
                onDrop={(dragged, day, hour) => {
                  const item = items.find(
                    (each) => each.state === 'scheduled' && dragValue(each) === dragged,
                  );
                  if (item) moveTo(item, movedTime(item.at, day, hour));
                }}
              />
            </>
          )}
        </div>
      </div>
      {reviewing && review && (
        <DetailedReviewModal
          resource={review.resource}
          listKey={CALENDAR_KEY}
          recordId={reviewing.record_id}
          recordName={reviewing.title}
          pageSchema={review.pageSchema as typeof postDetailListSchema}
          subject={review.subject as (typeof REVIEWS)['post']['subject']}
          canAct={allowedOn[reviewing.kind].move}
          onClose={() => setReviewing(null)}
        />
      )}
    </Page>
  );
}
