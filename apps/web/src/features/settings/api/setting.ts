import {
  APP_NAME_SETTING,
  type Setting,
  type SettingCreateInput,
  type SettingUpdateInput,
  settingGroupOptionsSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';
import { settingQueries } from './settings.ts';

/** GET /api/settings/{id}/edit */
export function useSetting(id: number) {
  return useQuery({
    queryKey: settingQueries.oneKey(id),
    queryFn: () => settingQueries.fetchOne(id),
  });
}

/** After a save: the setting's own query takes the answer, the lists reload. */
function useSettingSaved() {
  const queryClient = useQueryClient();
  return ({ setting }: { setting: Setting }) => {
    queryClient.setQueryData(settingQueries.oneKey(setting.id), setting);
    // The app's name shows in the sidebar, the title and the footer: load it again.
    if (setting.full_path === APP_NAME_SETTING) void loadSession();
    return queryClient.invalidateQueries({ queryKey: settingQueries.listsKey });
  };
}

export function useCreateSetting() {
  return useMutation({
    mutationFn: (input: SettingCreateInput) => settingQueries.create(input),
    onSuccess: useSettingSaved(),
  });
}

export function useUpdateSetting(id: number) {
  return useMutation({
    mutationFn: (input: SettingUpdateInput) => settingQueries.update(id, input),
    onSuccess: useSettingSaved(),
  });
}

/** GET /api/settinggroups/options: the groups a new setting may join. */
export async function fetchSettingGroupOptions() {
  return settingGroupOptionsSchema.parse(await http.get('/api/settinggroups/options'));
}

export function useSettingGroupOptions() {
  return useQuery({
    queryKey: [...settingQueries.key, 'groups'],
    queryFn: fetchSettingGroupOptions,
  });
}
