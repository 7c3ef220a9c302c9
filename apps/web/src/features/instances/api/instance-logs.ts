import { INSTANCE_MESSAGES, instanceLogsPageSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /api/instance_instructions?instance_id=&page=: one page of an instance's logs, newest first. */
export async function fetchInstanceLogs(instanceId: number, page: number) {
  return instanceLogsPageSchema.parse(
    await http.get('/api/instance_instructions', { query: { instance_id: instanceId, page } }),
  );
}

export function useInstanceLogs(instanceId: number, page: number) {
  return useQuery({
    queryKey: ['instance-logs', instanceId, page],
    queryFn: async () => {
      try {
        return await fetchInstanceLogs(instanceId, page);
      } catch (error) {
        // The modal says only that the logs failed; the console keeps why.
        console.error(INSTANCE_MESSAGES.logsFetchFailed, error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}
