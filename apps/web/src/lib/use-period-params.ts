import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  PERIOD_PARAMS,
  type PeriodChanges,
  type PeriodCheck,
  type PeriodChoice,
  readPeriod,
} from './period.ts';

/**
 * A screen's period kept in its address (a reload or a shared link shows the same days); a change
 * goes back to its list's first page. `check` is the contract's, stable across renders.
 */
export function usePeriodParams(
  check: PeriodCheck,
): [PeriodChoice, (changes: PeriodChanges) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const periodKey = Object.values(PERIOD_PARAMS)
    .map((param) => searchParams.get(param))
    .join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: periodKey stands for the period's parameters.
  const choice = useMemo(() => readPeriod(searchParams, check), [periodKey, check]);
  const change = useCallback(
    (changes: PeriodChanges) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          const param = PERIOD_PARAMS[name as keyof PeriodChanges];
          if (value) next.set(param, value);
          else next.delete(param);
        }
        next.delete('page');
        return next;
      }),
    [setSearchParams],
  );
  return [choice, change];
}
