import { SCHEDULED_TASKS_PER_PAGE, scheduledTasksPageSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /api/stats/scheduled-tasks/page: a page of the tasks by next run, searched by command. */
export async function fetchScheduledTaskPage(page: number, query: string) {
  return scheduledTasksPageSchema.parse(
    await http.get('/api/stats/scheduled-tasks/page', {
      query: { page, per_page: SCHEDULED_TASKS_PER_PAGE, query: query || undefined },
    }),
  );
}

/** Loads only while `enabled` (the control sidebar is open), and afresh each time it opens. */
export function useScheduledTaskPage(enabled: boolean, page: number, query: string) {
  return useQuery({
    queryKey: ['scheduled-tasks', page, query],
    queryFn: () => fetchScheduledTaskPage(page, query),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
