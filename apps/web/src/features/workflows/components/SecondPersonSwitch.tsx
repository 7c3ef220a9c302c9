import { REVIEW_SECOND_PERSON_TEXTS } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { useCan } from '../../../lib/abilities.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useSecondPersonSetting, useSetSecondPerson } from '../api/second-person.ts';

/**
 * The four-eyes rule on the Workflows screen, where the approving last stage is set: the switch
 * of its setting (also in Settings › Review) and what it does. Only for who may read settings;
 * who may not change them sees its state without a switch.
 */
export function SecondPersonSwitch() {
  const canRead = useCan('setting-list');
  const canChange = useCan('setting-update');
  const setting = useSecondPersonSetting(canRead);
  const change = useSetSecondPerson();
  const switchId = useId();
  const descriptionId = useId();
  // The asked value is held from the click on: the mutation's pending state arrives a moment later.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!canRead || !setting.data) return null;
  const { id, on } = setting.data;
  return (
    <section aria-label={REVIEW_SECOND_PERSON_TEXTS.label} className="card card-body mb-3 py-2">
      {canChange ? (
        <div className="form-check form-switch mb-1">
          <input
            id={switchId}
            className="form-check-input"
            type="checkbox"
            checked={asked ?? on}
            disabled={asked !== null}
            aria-describedby={descriptionId}
            onChange={(event) => {
              setAsked(event.target.checked);
              change.mutate(
                { id, on: event.target.checked },
                {
                  onSuccess: (answer) => notifySuccess(answer.message),
                  onError: notifyFailure,
                  onSettled: () => setAsked(null),
                },
              );
            }}
          />
          <label className="form-check-label fw-semibold" htmlFor={switchId}>
            {REVIEW_SECOND_PERSON_TEXTS.label}
          </label>
        </div>
      ) : (
        <p className="fw-semibold mb-1">
          {REVIEW_SECOND_PERSON_TEXTS.label}: {on ? 'on' : 'off'}
        </p>
      )}
      <p id={descriptionId} className="small text-body-secondary mb-0">
        {REVIEW_SECOND_PERSON_TEXTS.description} Also in Settings › Review.
      </p>
    </section>
  );
}
