import { scheduledTasksAnswerSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type ScheduledTask = z.infer<typeof scheduledTasksAnswerSchema>[number];

export async function fetchScheduledTasks(): Promise<ScheduledTask[]> {
  return scheduledTasksAnswerSchema.parse(await http.get('/api/stats/scheduled-tasks'));
}

/** Loads only while `enabled` (the control sidebar is open), and afresh each time it opens. */
export function useScheduledTasks(enabled: boolean) {
  return useQuery({
    queryKey: ['scheduled-tasks'],
    queryFn: fetchScheduledTasks,
    enabled,
    staleTime: 0,
  });
}
