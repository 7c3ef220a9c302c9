import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationPreferences,
} from '@sitefleet/contract';
import { useEffect, useId, useState } from 'react';
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

/** Why a channel cannot send (the app's own always can). */
const CHANNEL_NOT_SET_UP: Record<NotificationChannel, string> = {
  in_app: '',
  email: NOTIFICATION_MESSAGES.emailNotSetUp,
  chat: NOTIFICATION_MESSAGES.chatNotSetUp,
};

/** The Profile's Notifications tab: per kind, the channels the user wants it on. */
export function NotificationPreferencesForm() {
  const saved = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const notSetUpId = useId();
  const [values, setValues] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setValues({ kinds: saved.data.kinds });
  }, [saved.data]);
  if (saved.isError) return <p className="text-danger">The preferences could not be loaded.</p>;
  if (!values || !saved.data) return <LoadingSpinner />;
  const setUp = saved.data.channels_set_up;
  const notSetUp = NOTIFICATION_CHANNELS.filter((channel) => !setUp[channel]);
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
                  {/* A channel that cannot send shows unticked and fixed; the choice is kept. */}
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                    checked={setUp[channel] && values.kinds[kind][channel]}
                    disabled={!setUp[channel]}
                    aria-describedby={setUp[channel] ? undefined : `${notSetUpId}-${channel}`}
                    onChange={() => toggle(kind, channel)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {notSetUp.map((channel) => (
        <p key={channel} id={`${notSetUpId}-${channel}`} className="form-text">
          {CHANNEL_NOT_SET_UP[channel]}
        </p>
      ))}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
