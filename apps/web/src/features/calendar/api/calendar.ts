import {
  actionAnswerSchema,
  calendarAnswerSchema,
  categoriesResource,
  type FromWireVariant,
  fromWireVariant,
  postsResource,
  SCHEDULE_MESSAGES,
  type CalendarItem as WireCalendarItem,
} from '@sitefleet/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { calendarKey } from '../../../lib/query-keys.ts';
import { notifyFailure, notifyUndoable } from '../../../lib/toast.tsx';

export const CALENDAR_KEY = calendarKey;
/** How long a reschedule can be undone. */
const UNDO_MS = 8000;

/** A calendar item as the screens use it (`useCalendarItems`). */
export type CalendarItem = FromWireVariant<WireCalendarItem>;

/** GET /api/calendar for the days shown, each item with its variant's id as `variant_id`. */
export function useCalendarItems(from: Date, to: Date, websiteId: number | undefined) {
  return useQuery({
    queryKey: [...CALENDAR_KEY, from.toISOString(), to.toISOString(), websiteId ?? null],
    queryFn: async () => {
      const answer = calendarAnswerSchema.parse(
        await http.get('/api/calendar', {
          query: { from: from.toISOString(), to: to.toISOString(), website_id: websiteId },
        }),
      );
      return { ...answer, data: answer.data.map(fromWireVariant) };
    },
    placeholderData: keepPreviousData,
  });
}

const detailActionPath = (item: CalendarItem) =>
  `${item.kind === 'post' ? postsResource.path : categoriesResource.path}/details/action`;

const schedule = async (item: CalendarItem, at: Date) =>
  actionAnswerSchema.parse(
    await http.post(detailActionPath(item), {
      ids: String(item.variant_id),
      action: 'schedule_publish',
      publish_at: at.toISOString(),
    }),
  );

/**
 * Moves a scheduled item to another time, with Undo (back to its old time) in the toast. The
 * calendar and the lists reload either way.
 */
export function useReschedule() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all(
      [CALENDAR_KEY, [postsResource.name], [categoriesResource.name]].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const undo = useMutation({
    mutationFn: ({ item }: { item: CalendarItem }) => schedule(item, new Date(item.at)),
    onError: notifyFailure,
    onSettled: reload,
  });
  return useMutation({
    mutationFn: ({ item, at }: { item: CalendarItem; at: Date }) => schedule(item, at),
    onSuccess: (_answer, { item }) =>
      notifyUndoable(SCHEDULE_MESSAGES.rescheduled, UNDO_MS, () => undo.mutate({ item })),
    onError: notifyFailure,
    onSettled: reload,
  });
}
