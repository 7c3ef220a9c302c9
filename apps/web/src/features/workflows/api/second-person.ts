import { REVIEW_SECOND_PERSON_SETTING, settingsResource } from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceQueries } from '../../../lib/resource-queries.ts';

const settings = resourceQueries(settingsResource);
const secondPersonKey = [...settings.key, 'second-person'] as const;

/** Whether a boolean setting's stored text is on, as the server reads it. */
const isOn = (value: string | null) => ['true', '1'].includes((value ?? '').trim().toLowerCase());

/** The four-eyes setting (Settings › Review), found by its path: its id and whether it is on. */
export function useSecondPersonSetting(enabled: boolean) {
  return useQuery({
    queryKey: secondPersonKey,
    enabled,
    queryFn: async () => {
      const page = await settings.fetchList({
        page: 1,
        perPage: 100,
        query: REVIEW_SECOND_PERSON_SETTING,
        sort: null,
        filters: {},
      });
      const setting = page.data.find((row) => row.full_path === REVIEW_SECOND_PERSON_SETTING);
      return setting ? { id: setting.id, on: isOn(setting.value) } : null;
    },
  });
}

/** Turns the four-eyes setting on or off: the switch takes the answer, the Settings lists reload. */
export function useSetSecondPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      settings.update(id, { value: on ? 'true' : 'false' }),
    onSuccess: ({ setting }) => {
      queryClient.setQueryData(secondPersonKey, { id: setting.id, on: isOn(setting.value) });
      void queryClient.invalidateQueries({ queryKey: settings.listsKey });
    },
  });
}
