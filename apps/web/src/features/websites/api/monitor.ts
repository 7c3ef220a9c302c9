import { websiteMonitorSchema } from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

const monitorKey = (websiteId: number) => ['websites', 'monitor', websiteId] as const;

/** GET /api/websites/{id}/monitor */
export function useWebsiteMonitor(websiteId: number) {
  return useQuery({
    queryKey: monitorKey(websiteId),
    queryFn: async () =>
      websiteMonitorSchema.parse(await http.get(`/api/websites/${websiteId}/monitor`)),
  });
}

/** POST /api/websites/{id}/monitor/check: the answer replaces the monitor, the list reloads. */
export function useCheckNow(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      websiteMonitorSchema.parse(await http.post(`/api/websites/${websiteId}/monitor/check`)),
    onSuccess: (monitor) => {
      queryClient.setQueryData(monitorKey(websiteId), monitor);
      void queryClient.invalidateQueries({ queryKey: ['websites'] });
    },
  });
}
