import { WEEKDAY_OPTIONS } from '@sitefleet/contract';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField, SelectField, TextField } from '../../../components/form/FormField.tsx';
import type { WebsiteSettingsFormValues } from './settings-form.ts';

/** Every IANA zone the browser knows, the stored one first should the browser not know it. */
function zoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  return [...(zones.includes(current) ? [] : [current]), ...zones].map((zone) => ({
    value: zone,
    label: zone,
  }));
}

/**
 * The posting slots of the Scheduler tab: the days and times at which Next Posting Slots puts
 * this website's variants, in its time zone, and the dates it skips.
 */
export function PostingSlotsFields({ form }: { form: UseFormReturn<WebsiteSettingsFormValues> }) {
  const { errors } = form.formState;
  const daysId = useId();
  return (
    <fieldset className="border-top pt-3">
      <legend className="h6">Posting Slots</legend>
      <FormField label="Posting Days" controlId={daysId} error={errors.posting_days}>
        <div id={daysId} className="d-flex flex-wrap gap-3">
          {WEEKDAY_OPTIONS.map((day) => (
            <div key={day.value} className="form-check">
              <input
                id={`${daysId}-${day.value}`}
                type="checkbox"
                className="form-check-input"
                value={String(day.value)}
                {...form.register('posting_days')}
              />
              <label className="form-check-label" htmlFor={`${daysId}-${day.value}`}>
                {day.label}
              </label>
            </div>
          ))}
        </div>
      </FormField>
      <div className="row">
        <TextField
          className="col-sm-6 mb-3"
          label="Posting Times"
          help="Times of day, comma-separated, e.g. 09:00, 14:00."
          registration={form.register('posting_times')}
          error={errors.posting_times}
        />
        <SelectField
          className="col-sm-6 mb-3"
          label="Time Zone"
          options={zoneOptions(form.getValues('posting_timezone'))}
          registration={form.register('posting_timezone')}
          error={errors.posting_timezone}
        />
      </div>
      <TextField
        className="mb-0"
        label="Blocked Dates"
        help="Dates without posting, comma-separated, e.g. 2026-12-24, 2026-12-25."
        registration={form.register('blocked_dates')}
        error={errors.blocked_dates}
      />
    </fieldset>
  );
}
