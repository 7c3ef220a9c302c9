import {
  APP_NAME_SETTING,
  type Setting,
  type SettingCreateInput,
  type SettingUpdateInput,
  settingAnswerSchema,
  settingGroupOptionsSchema,
  settingSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';
import { settingsKey } from './settings.ts';

export function settingKey(id: number) {
  return [...settingsKey, 'one', id] as const;
}

/** GET /api/settings/{id}/edit */
export async function fetchSetting(id: number) {
  return settingSchema.parse(await http.get(`/api/settings/${id}/edit`));
}

export function useSetting(id: number) {
  return useQuery({ queryKey: settingKey(id), queryFn: () => fetchSetting(id) });
}

/** POST /api/settings: the message and the created setting. */
export async function createSetting(input: SettingCreateInput) {
  return settingAnswerSchema.parse(await http.post('/api/settings', input));
}

/** PUT /api/settings/{id}: the message and the saved setting. */
export async function updateSetting(id: number, input: SettingUpdateInput) {
  return settingAnswerSchema.parse(await http.put(`/api/settings/${id}`, input));
}

/** After a save: the setting's own query takes the answer, the lists reload. */
function useSettingSaved() {
  const queryClient = useQueryClient();
  return ({ setting }: { setting: Setting }) => {
    queryClient.setQueryData(settingKey(setting.id), setting);
    // The app's name shows in the sidebar, the title and the footer: load it again.
    if (setting.full_path === APP_NAME_SETTING) void loadSession();
    return queryClient.invalidateQueries({ queryKey: [...settingsKey, 'list'] });
  };
}

export function useCreateSetting() {
  return useMutation({ mutationFn: createSetting, onSuccess: useSettingSaved() });
}

export function useUpdateSetting(id: number) {
  return useMutation({
    mutationFn: (input: SettingUpdateInput) => updateSetting(id, input),
    onSuccess: useSettingSaved(),
  });
}

/** GET /api/settinggroups/options: the groups a new setting may join. */
export async function fetchSettingGroupOptions() {
  return settingGroupOptionsSchema.parse(await http.get('/api/settinggroups/options'));
}

export function useSettingGroupOptions() {
  return useQuery({ queryKey: [...settingsKey, 'groups'], queryFn: fetchSettingGroupOptions });
}
