import {
  type DeliveryHealth,
  deliveriesResource,
  deliveryHealthResource,
  pauseAnswerSchema,
  replayAnswerSchema,
  testDeliveryAnswerSchema,
} from '@sitefleet/contract';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/toast.tsx';

/** Reloads both lists and every website's health after an action. */
function useReload() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [deliveryHealthResource.name] }),
      client.invalidateQueries({ queryKey: [deliveriesResource.name] }),
    ]);
}

/** Pause, Resume and Test of a website's row. */
export function useWebsiteDeliveryActions() {
  const reload = useReload();
  const pause = useMutation({
    mutationFn: async (website: DeliveryHealth) =>
      pauseAnswerSchema.parse(
        await http.post(`/api/websites/${website.website_id}/deliveries/pause`, {}),
      ),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyFailure,
    onSettled: reload,
  });
  const resume = useMutation({
    mutationFn: async (website: DeliveryHealth) =>
      pauseAnswerSchema.parse(
        await http.post(`/api/websites/${website.website_id}/deliveries/resume`),
      ),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyFailure,
    onSettled: reload,
  });
  const test = useMutation({
    mutationFn: async (website: DeliveryHealth) =>
      testDeliveryAnswerSchema.parse(
        await http.post(`/api/websites/${website.website_id}/test-delivery`),
      ),
    onSuccess: (answer) =>
      answer.outcome === 'delivered'
        ? notifySuccess(`Test delivered: HTTP ${answer.status_code} in ${answer.duration_ms} ms.`)
        : notifyWarning(`Test failed: ${answer.error ?? 'no answer'}.`),
    onError: notifyFailure,
  });
  return { pause, resume, test };
}

/** Replay failed: first a dry run for the count the confirmation shows, then the replay. */
export function useReplayFailed() {
  const reload = useReload();
  const filterOf = (websiteId: number) => ({ website_id: websiteId, outcome: 'failed' });
  const count = useMutation({
    mutationFn: async (websiteId: number) => {
      const answer = replayAnswerSchema.parse(
        await http.post('/api/deliveries/replay', { filter: filterOf(websiteId), dry_run: true }),
      );
      return 'count' in answer ? answer.count : 0;
    },
    onError: notifyFailure,
  });
  const replay = useMutation({
    mutationFn: async (websiteId: number) =>
      replayAnswerSchema.parse(
        await http.post('/api/deliveries/replay', { filter: filterOf(websiteId) }),
      ),
    onSuccess: (answer) => 'message' in answer && notifySuccess(answer.message),
    onError: notifyFailure,
    onSettled: reload,
  });
  return { count, replay };
}
