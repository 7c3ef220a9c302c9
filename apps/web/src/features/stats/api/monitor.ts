import { useQuery } from '@tanstack/react-query';
import { getCheckedAnswer } from './checked-answer.ts';

/** How many websites the monitor finds down (the list's total on one row). */
export function useWebsitesDown() {
  return useQuery({
    queryKey: ['monitor', 'down'],
    queryFn: () =>
      getCheckedAnswer(
        '/api/monitor',
        { status: 'down', per_page: 1 },
        (schemas, answer) => schemas.monitorPageSchema.parse(answer).total,
      ),
  });
}

/** The renewals due within `days`, with their cost. */
export function useRenewalsDue(days: number) {
  return useQuery({
    queryKey: ['stats', 'renewals', days],
    queryFn: () =>
      getCheckedAnswer('/api/stats/renewals', { days }, (schemas, answer) =>
        schemas.renewalsSchema.parse(answer),
      ),
  });
}
