import { deliveryHealthSchema, pauseAnswerSchema } from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';

/** The key the Deliveries screen's fleet list starts with too: a pause here reloads it. */
const HEALTH_KEY = 'delivery-health';

/** One website's delivery health over the last day, for its Advance Settings. */
export function useWebsiteDeliveryHealth(websiteId: number, enabled: boolean) {
  return useQuery({
    queryKey: [HEALTH_KEY, 'one', websiteId],
    queryFn: async () =>
      deliveryHealthSchema.parse(await http.get(`/api/websites/${websiteId}/delivery-health`)),
    enabled,
  });
}

/** Pauses or resumes the website's deliveries. */
export function usePauseDeliveries(websiteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'pause' | 'resume') =>
      pauseAnswerSchema.parse(
        await http.post(`/api/websites/${websiteId}/deliveries/${action}`, {}),
      ),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyFailure,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [HEALTH_KEY] }),
        client.invalidateQueries({ queryKey: ['websites'] }),
      ]),
  });
}
