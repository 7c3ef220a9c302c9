import { settingListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Every settings query (lists, groups, one setting) starts with this key. */
export const settingsKey = ['settings'] as const;

export interface SettingListRequest {
  page: number;
  query: string;
  /** Only this group's settings (the 'Setting Group' card), from GET /api/settinggroups. */
  groupId?: number;
}

export function settingListKey(request: SettingListRequest) {
  return [...settingsKey, 'list', request] as const;
}

/** GET /api/settings?page=&query=, or GET /api/settinggroups?page=&query=&groupid= for a group. */
export async function fetchSettings({ page, query, groupId }: SettingListRequest) {
  const answer =
    groupId === undefined
      ? await http.get('/api/settings', { query: { page, query: query || undefined } })
      : await http.get('/api/settinggroups', {
          query: { page, query: query || undefined, groupid: groupId },
        });
  return settingListSchema.parse(answer);
}

export function useSettings(request: SettingListRequest) {
  return useQuery({
    queryKey: settingListKey(request),
    queryFn: () => fetchSettings(request),
    placeholderData: keepPreviousData,
  });
}
