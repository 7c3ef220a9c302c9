import { settingListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type ListSort, orderParams, pageParams } from '../../../lib/use-list-params.ts';

/** Every settings query (lists, groups, one setting) starts with this key. */
export const settingsKey = ['settings'] as const;

export interface SettingListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
  /** Only this group's settings (the 'Setting Group' card), from GET /api/settinggroups. */
  groupId?: number;
}

export function settingListKey(request: SettingListRequest) {
  return [...settingsKey, 'list', request] as const;
}

/**
 * GET /api/settings?page=&query=&order_key=&order_dir=, or GET /api/settinggroups with the same
 * and groupid= for a group.
 */
export async function fetchSettings({ page, perPage, query, sort, groupId }: SettingListRequest) {
  const listQuery = {
    ...pageParams(page, perPage),
    query: query || undefined,
    ...orderParams(sort),
  };
  const answer =
    groupId === undefined
      ? await http.get('/api/settings', { query: listQuery })
      : await http.get('/api/settinggroups', { query: { ...listQuery, groupid: groupId } });
  return settingListSchema.parse(answer);
}

export function useSettings(request: SettingListRequest) {
  return useQuery({
    queryKey: settingListKey(request),
    queryFn: () => fetchSettings(request),
    placeholderData: keepPreviousData,
  });
}
