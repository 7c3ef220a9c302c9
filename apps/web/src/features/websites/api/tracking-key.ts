import {
  TRAFFIC_MESSAGES,
  trackingKeyAnswerSchema,
  type WebsiteSettings,
} from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { websiteSettingsKey } from './website-settings.ts';

/** POST /api/websites/{id}/tracking-key/rotate: the website's new tracking key. */
export async function rotateTrackingKey(id: number) {
  return trackingKeyAnswerSchema.parse(await http.post(`/api/websites/${id}/tracking-key/rotate`))
    .tracking_key;
}

/** The snippet shown takes the new key at once; the old one no longer counts page views. */
export function useRotateTrackingKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateTrackingKey(id),
    onSuccess: (trackingKey) => {
      queryClient.setQueryData<WebsiteSettings>(websiteSettingsKey(id), (settings) =>
        settings ? { ...settings, tracking_key: trackingKey } : settings,
      );
      notifySuccess(TRAFFIC_MESSAGES.trackingKeyRotated);
    },
  });
}
