import {
  formatDate,
  formatDollars,
  type SocialApp,
  type SocialAppUsage,
  type SocialAppUsageQuery,
  socialAppUsageQuerySchema,
} from '@sitefleet/contract';
import { useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { type FieldError, useForm } from 'react-hook-form';
import { DateField } from '../../../components/form/DateField.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { payloadResolver } from '../../../lib/contract-resolver.ts';
import { isApiError } from '../../../lib/http.ts';
import { useSocialAppUsage } from '../api/social-app-usage.ts';

type UsageDay = SocialAppUsage['data'][number];

/** The range as typed: YYYY-MM-DD once a day is whole, '' for the server's default end. */
interface RangeValues {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The server's own default, shown in the fields: the last 30 UTC days, today included. */
function lastThirtyDays(): RangeValues {
  const today = Date.now();
  return { from: isoDay(today - 29 * DAY_MS), to: isoDay(today) };
}

/** An emptied field is left out of the request: the server's default end. */
const asQuery = ({ from, to }: RangeValues): SocialAppUsageQuery => ({
  from: from || undefined,
  to: to || undefined,
});

const counts = new Intl.NumberFormat('en');

function totalsOf(days: UsageDay[]) {
  return days.reduce(
    (sum, day) => ({
      calls: sum.calls + day.calls,
      deferred: sum.deferred + day.deferred,
      cost: sum.cost + day.cost,
    }),
    { calls: 0, deferred: 0, cost: 0 },
  );
}

/** The days of the range, one row each, and their totals under them. */
function UsageDays({ days, busy }: { days: UsageDay[]; busy: boolean }) {
  const first = days[0];
  const last = days.at(-1);
  const totals = totalsOf(days);
  if (!first || !last || (totals.calls === 0 && totals.deferred === 0 && totals.cost === 0)) {
    return (
      <p className="text-body-secondary text-center py-3 mb-0" aria-busy={busy}>
        {first && last
          ? `No publishing calls, deferrals or cost from ${formatDate(first.date)} to ${formatDate(last.date)}.`
          : 'No days in this range.'}
      </p>
    );
  }
  const number = 'text-end';
  // A long range scrolls the dialog: the header and the totals stay in view as it does.
  return (
    <table className="table table-sm small mb-0" aria-label="Usage per day" aria-busy={busy}>
      <thead className="sticky-top">
        <tr>
          <th scope="col">Date</th>
          <th scope="col" className="text-end">
            Calls
          </th>
          <th scope="col" className="text-end">
            Deferred
          </th>
          <th scope="col" className="text-end">
            Cost
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <td className="text-nowrap">{formatDate(day.date)}</td>
            <td className={number}>{counts.format(day.calls)}</td>
            <td className={number}>{counts.format(day.deferred)}</td>
            <td className={number}>{formatDollars(day.cost)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="position-sticky bottom-0 fw-semibold">
        <tr>
          <th scope="row">Total</th>
          <td className={number}>{counts.format(totals.calls)}</td>
          <td className={number}>{counts.format(totals.deferred)}</td>
          <td className={number}>{formatDollars(totals.cost)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * A social app's Usage: its publishing calls, the publishes it deferred to the next day to keep
 * within its network's daily quota, and what the calls cost, per UTC day of a range (the last 30
 * days at first). The contract's rules check the range before it is asked for; a range the server
 * refuses shows its message under the field it names.
 */
export function SocialAppUsageModal({ app, onClose }: { app: SocialApp; onClose: () => void }) {
  const titleId = useId();
  const [range, setRange] = useState(lastThirtyDays);
  const form = useForm<RangeValues>({
    defaultValues: range,
    resolver: payloadResolver(socialAppUsageQuerySchema, asQuery),
  });
  const usage = useSocialAppUsage(app.id, asQuery(range));
  const refused = isApiError(usage.error, 422) ? usage.error : null;
  const errorOf = (field: keyof RangeValues): FieldError | undefined => {
    const own = form.formState.errors[field];
    if (own) return own;
    const message = refused?.fieldError(field);
    return message ? { type: 'server', message } : undefined;
  };
  const refusedField = refused !== null && (refused.fieldError('from') || refused.fieldError('to'));

  function days() {
    if (usage.data) return <UsageDays days={usage.data.data} busy={usage.isFetching} />;
    if (usage.isError) {
      if (refusedField) return null;
      return (
        <div className="alert alert-danger mb-0" role="alert">
          {usage.error.message}
        </div>
      );
    }
    return (
      <div className="text-center py-3">
        <LoadingSpinner small label="Loading the usage..." />
      </div>
    );
  }

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Usage of {app.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <form
          noValidate
          className="row g-2 align-items-start mb-3"
          aria-label="Usage range"
          onSubmit={form.handleSubmit((values) => setRange(values))}
        >
          <DateField
            label="From"
            control={form.control}
            name="from"
            error={errorOf('from')}
            className="col-6 col-sm-4"
          />
          <DateField
            label="To"
            control={form.control}
            name="to"
            error={errorOf('to')}
            className="col-6 col-sm-4"
          />
          {/* On a wide dialog, level with the date inputs, under their labels. */}
          <div className="col-12 col-sm-auto mt-sm-4 pt-sm-3">
            <Button type="submit" variant="primary" className="w-100">
              Show
            </Button>
          </div>
        </form>
        {days()}
        <p className="form-text mb-0 mt-2">
          Calls are the publishing calls the app made; deferred, the publishes put off to the next
          day to keep within the network's daily quota. Cost is in US dollars, where the network
          bills per call. Days are UTC days.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
