import {
  NOTIFICATION_LIMITS,
  type NotificationPreferences,
  notificationPageSchema,
  notificationPreferencesAnswerSchema,
  notificationsReadSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificationsKey } from '../../../lib/query-keys.ts';

/** The user's notifications, GET /api/notifications: only read and marked read from here. */
export const notificationsResource = {
  name: notificationsKey[0],
  path: '/api/notifications',
  list: { answer: notificationPageSchema },
} as const;

/** The bell: the unread count and the latest notifications, reloaded by the live events. */
export function useNotificationBell() {
  return useQuery({
    queryKey: [...notificationsKey, 'bell'],
    queryFn: async () =>
      notificationPageSchema.parse(
        await http.get(notificationsResource.path, {
          query: { per_page: NOTIFICATION_LIMITS.bellSize },
        }),
      ),
  });
}

/** Marks one notification, or all of them (no id), as read; the bell and the list reload. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id?: number) =>
      notificationsReadSchema.parse(
        await http.post(
          id === undefined
            ? `${notificationsResource.path}/read-all`
            : `${notificationsResource.path}/${id}/read`,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

const preferencesKey = ['notification-preferences'] as const;

/** GET /api/profile/notifications */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async () =>
      notificationPreferencesAnswerSchema.parse(await http.get('/api/profile/notifications')),
  });
}

/** PUT /api/profile/notifications */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: NotificationPreferences) =>
      notificationPreferencesAnswerSchema.parse(
        await http.put('/api/profile/notifications', values),
      ),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
