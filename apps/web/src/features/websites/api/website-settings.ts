import {
  type WebsiteSettingsInput,
  webhookSecretSchema,
  websiteSettingsSchema,
  websitesResource,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { resourceQueries } from '../../../lib/resource-queries.ts';

export function websiteSettingsKey(id: number) {
  return [...resourceQueries(websitesResource).key, 'settings', id] as const;
}

/** GET /api/websites/{id}/settings */
export async function fetchWebsiteSettings(id: number) {
  return websiteSettingsSchema.parse(await http.get(`/api/websites/${id}/settings`));
}

export function useWebsiteSettings(id: number) {
  return useQuery({
    queryKey: websiteSettingsKey(id),
    queryFn: () => fetchWebsiteSettings(id),
    // The modal's form starts from what is stored now, not from an older copy.
    staleTime: 0,
  });
}

/** PATCH /api/websites/{id}/update-settings; the answer is the stored settings. */
export async function saveWebsiteSettings(id: number, payload: WebsiteSettingsInput) {
  return websiteSettingsSchema.parse(
    await http.patch(`/api/websites/${id}/update-settings`, payload),
  );
}

export function useSaveWebsiteSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: WebsiteSettingsInput) => saveWebsiteSettings(id, payload),
    onSuccess: (settings) => queryClient.setQueryData(websiteSettingsKey(id), settings),
  });
}

/** POST /api/websites/{id}/rotate-secret: the new webhook signing secret, answered this once. */
export async function rotateWebhookSecret(id: number) {
  return webhookSecretSchema.parse(await http.post(`/api/websites/${id}/rotate-secret`))
    .webhook_secret;
}

/** After a rotation the settings' masked hint names the new secret. */
export function useRotateWebhookSecret(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateWebhookSecret(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteSettingsKey(id) }),
  });
}
