import { maintenanceSchema, type WebsiteMonitor, websiteMonitorSchema } from '@sitefleet/contract';
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

/**
 * POST /api/websites/{id}/maintenance `{ until }` (an ISO instant) or, with `null`, DELETE: the
 * answer's end replaces the monitor's, the list reloads.
 */
export function useMaintenance(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (until: string | null) =>
      maintenanceSchema.parse(
        until === null
          ? await http.delete(`/api/websites/${websiteId}/maintenance`)
          : await http.post(`/api/websites/${websiteId}/maintenance`, { until }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<WebsiteMonitor>(monitorKey(websiteId), (monitor) =>
        monitor ? { ...monitor, maintenance_until: answer.maintenance_until } : monitor,
      );
      void queryClient.invalidateQueries({ queryKey: ['websites'] });
    },
  });
}
