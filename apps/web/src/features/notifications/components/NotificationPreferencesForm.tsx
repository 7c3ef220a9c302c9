import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationPreferences,
} from '@sitefleet/contract';
import { useEffect, useState } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notifications.ts';

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  email: 'E-mail',
  chat: 'Chat',
};

/** The Profile's Notifications tab: per kind, the channels the user wants it on. */
export function NotificationPreferencesForm() {
  const saved = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [values, setValues] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setValues(saved.data);
  }, [saved.data]);
  if (saved.isError) return <p className="text-danger">The preferences could not be loaded.</p>;
  if (!values) return <LoadingSpinner />;
  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], channel: NotificationChannel) =>
    setValues({
      kinds: {
        ...values.kinds,
        [kind]: { ...values.kinds[kind], [channel]: !values.kinds[kind][channel] },
      },
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values, {
          onSuccess: () => notifySuccess(NOTIFICATION_MESSAGES.preferencesSaved),
          onError: notifyFailure,
        });
      }}
    >
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">Notification</th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th key={channel} scope="col" className="text-center">
                {CHANNEL_LABELS[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="fw-normal">
                {NOTIFICATION_KIND_LABELS[kind]}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel} className="text-center">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                    checked={values.kinds[kind][channel]}
                    onChange={() => toggle(kind, channel)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
