import type { ActionAnswer } from '@sitefleet/contract';
import {
  isScheduleAction,
  SCHEDULE_ACTION_LABELS,
  SCHEDULE_ACTIONS,
  type ScheduleAction,
  type ScheduleFields,
} from '@sitefleet/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ActionRequest } from '../../lib/content/content-records.ts';
import { ScheduleModal, type TimedScheduleAction } from './ScheduleModal.tsx';

export const SCHEDULE_ACTION_OPTIONS = SCHEDULE_ACTIONS.map((action) => ({
  value: action,
  label: SCHEDULE_ACTION_LABELS[action],
}));

/** What a schedule action goes to: ticked ids or a list's filter. */
type Target = Omit<ActionRequest<ScheduleAction>, 'action' | keyof ScheduleFields>;

interface Pending {
  action: TimedScheduleAction;
  target: Target;
  count: number;
  initial?: string;
}

/**
 * The schedule actions of a list's Bulk Actions or of Detailed Review: Unschedule and Next
 * Posting Slots run at once; Schedule Publish and Spread over Days ask for their times first.
 */
export function useScheduleActions<A extends string>(
  mutation: UseMutationResult<ActionAnswer, unknown, ActionRequest<A | ScheduleAction>>,
) {
  const [pending, setPending] = useState<Pending | null>(null);
  const { mutate, reset } = mutation;
  /** Runs `action` on `target` when it is a schedule action; answers whether it was one. */
  const run = useCallback(
    (action: string, target: Target, count: number, initial?: string): boolean => {
      if (!isScheduleAction(action)) return false;
      if (action === 'schedule_publish' || action === 'schedule_spread') {
        reset();
        setPending({ action, target, count, initial });
      } else {
        mutate({ action, ...target } as ActionRequest<ScheduleAction>);
      }
      return true;
    },
    [mutate, reset],
  );
  return {
    run,
    modal: pending && (
      <ScheduleModal
        action={pending.action}
        count={pending.count}
        initial={pending.initial}
        busy={mutation.isPending}
        error={mutation.error}
        onCancel={() => setPending(null)}
        onSubmit={(fields) =>
          mutation.mutate(
            {
              action: pending.action,
              ...pending.target,
              ...fields,
            } as ActionRequest<ScheduleAction>,
            { onSuccess: () => setPending(null) },
          )
        }
      />
    ),
  };
}
