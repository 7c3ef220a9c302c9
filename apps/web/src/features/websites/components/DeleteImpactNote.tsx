import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';

interface DeleteImpactNoteProps<T> {
  /** The server's answer about what the delete takes along. */
  impact: UseQueryResult<T>;
  /** How the answer reads once it is there. */
  children: (answer: T) => ReactNode;
}

/** A delete confirmation's word on what goes with the deleted: a spinner, then it, or the error. */
export function DeleteImpactNote<T>({ impact, children }: DeleteImpactNoteProps<T>) {
  if (impact.isError) {
    return (
      <p className="text-danger mb-0" role="alert">
        {impact.error.message}
      </p>
    );
  }
  return impact.data === undefined ? <LoadingSpinner small /> : children(impact.data);
}
