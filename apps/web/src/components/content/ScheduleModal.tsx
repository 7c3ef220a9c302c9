import {
  localTimeZone,
  SCHEDULE_ACTION_LABELS,
  type ScheduleFields,
  scheduleRequestSchema,
} from '@sitefleet/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/http.ts';
import { FormModal } from '../FormModal.tsx';
import { DateTimeInput } from '../form/DateTimeInput.tsx';

/** The schedule actions that ask for times. */
export type TimedScheduleAction = 'schedule_publish' | 'schedule_spread';

const HOUR_MS = 3_600_000;

/** A local date and time (YYYY-MM-DDTHH:mm), as an instant in UTC. */
const instantOf = (local: string) => (local === '' ? undefined : new Date(local).toISOString());

/** An instant as a local date and time (YYYY-MM-DDTHH:mm), in the browser's zone. */
export function localInputValue(instant: number): string {
  const date = new Date(instant - new Date(instant).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

interface ScheduleModalProps {
  action: TimedScheduleAction;
  /** How many rows the action goes to, for the title. */
  count: number;
  busy: boolean;
  /** The server's refusal of the last try, shown on its fields. */
  error: unknown;
  /** The publish time to start from (a reschedule). */
  initial?: string;
  onSubmit: (fields: ScheduleFields) => void;
  onCancel: () => void;
}

type Field = 'publish_at' | 'from' | 'to' | 'daily_from' | 'daily_to';

/**
 * Schedule Publish (one time) or Spread over Days (a window, optionally within daily hours): times
 * are typed in the browser's time zone, named beside them, and sent in UTC. The fields are checked
 * with the server's own rule before they are sent.
 */
export function ScheduleModal({
  action,
  count,
  busy,
  error,
  initial,
  onSubmit,
  onCancel,
}: ScheduleModalProps) {
  const zone = localTimeZone();
  // The whole hour after the next one, on the browser's clock (a whole hour in UTC is half past
  // in a zone like India's): a time in the future, to change as needed.
  const nextHour = new Date();
  nextHour.setMinutes(60, 0, 0);
  const start = nextHour.getTime() + HOUR_MS;
  const [values, setValues] = useState<Record<Field, string>>({
    publish_at: localInputValue(initial ? Date.parse(initial) : start),
    from: localInputValue(start),
    to: localInputValue(start + 3 * 24 * HOUR_MS),
    daily_from: '',
    daily_to: '',
  });
  const [checked, setChecked] = useState<Partial<Record<Field, string>>>({});
  const baseId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields: ScheduleFields =
      action === 'schedule_publish'
        ? { publish_at: instantOf(values.publish_at) }
        : {
            from: instantOf(values.from),
            to: instantOf(values.to),
            daily_from: values.daily_from || undefined,
            daily_to: values.daily_to || undefined,
            timezone: zone,
          };
    const result = scheduleRequestSchema.safeParse({ action, ...fields });
    if (!result.success) {
      setChecked(
        Object.fromEntries(
          result.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setChecked({});
    onSubmit(fields);
  }

  const errorOf = (field: Field) =>
    checked[field] ?? (error instanceof ApiError ? error.fieldError(field) : undefined);
  const formError =
    error instanceof ApiError && Object.keys(checked).length === 0 ? error.message : undefined;

  const input = (field: Field, label: string, type: 'datetime-local' | 'time') => {
    const id = `${baseId}-${field}`;
    const message = errorOf(field);
    return (
      <div className="mb-3">
        <label htmlFor={id} className="form-label">
          {label}
          {type === 'datetime-local' && <span className="text-body-secondary"> ({zone})</span>}
        </label>
        {type === 'datetime-local' ? (
          <DateTimeInput
            id={id}
            label={label}
            value={values[field]}
            invalid={message !== undefined}
            describedBy={message ? `${id}-error` : undefined}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          />
        ) : (
          <input
            id={id}
            type={type}
            className={`form-control${message ? ' is-invalid' : ''}`}
            value={values[field]}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        )}
        {message && (
          <div id={`${id}-error`} className="invalid-feedback">
            {message}
          </div>
        )}
      </div>
    );
  };

  return (
    <FormModal
      show
      title={`${SCHEDULE_ACTION_LABELS[action]}: ${count} ${count === 1 ? 'row' : 'rows'}`}
      onSubmit={submit}
      onCancel={onCancel}
      busy={busy}
      submitLabel="Schedule"
    >
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}
      {action === 'schedule_publish' ? (
        input('publish_at', 'Publish at', 'datetime-local')
      ) : (
        <>
          {input('from', 'From', 'datetime-local')}
          {input('to', 'To', 'datetime-local')}
          <p className="text-body-secondary small mb-2">
            Optionally only between these hours each day, in {zone}:
          </p>
          <div className="d-flex gap-3">
            {input('daily_from', 'Daily from', 'time')}
            {input('daily_to', 'Daily to', 'time')}
          </div>
        </>
      )}
    </FormModal>
  );
}
