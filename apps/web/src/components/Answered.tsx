import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingSpinner } from './LoadingSpinner.tsx';

/** What a screen of a period says while its first or last day is still being typed. */
export const PERIOD_INCOMPLETE = 'Type the first and last day of the period.';

/**
 * An answer's spinner or error until it is there, then what it shows; while its period is not
 * typed whole (`ready` false), a word saying so, as nothing is asked yet.
 */
export function Answered<T>({
  answer,
  ready = true,
  children,
}: {
  answer: UseQueryResult<T>;
  ready?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (answer.data !== undefined) return children(answer.data);
  if (!ready) return <p className="text-body-secondary mb-0">{PERIOD_INCOMPLETE}</p>;
  if (answer.isError) {
    return (
      <div className="alert alert-danger mb-0" role="alert">
        {answer.error.message}
      </div>
    );
  }
  return <LoadingSpinner />;
}
