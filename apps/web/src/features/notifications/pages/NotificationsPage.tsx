import {
  formatDateTime,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type Notification,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { notificationsResource, useMarkRead, useNotificationBell } from '../api/notifications.ts';

function MarkReadButton({ notification }: { notification: Notification }) {
  const markRead = useMarkRead();
  if (notification.read_at) {
    return (
      <span className="text-body-secondary small">Read {formatDateTime(notification.read_at)}</span>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      disabled={markRead.isPending}
      onClick={() => markRead.mutate(notification.id)}
    >
      Mark as read
    </button>
  );
}

/** The title, a link where the notification leads: following it reads the notification. */
function NotificationTitle({ notification }: { notification: Notification }) {
  const markRead = useMarkRead();
  if (!notification.link) return notification.title;
  return (
    <Link
      to={notification.link}
      onClick={() => {
        if (!notification.read_at) markRead.mutate(notification.id);
      }}
    >
      {notification.title}
    </Link>
  );
}

const COLUMNS: ColumnDef<Notification>[] = [
  {
    id: 'created_at',
    header: 'When',
    cell: ({ row }) => (
      <span className="text-nowrap">{formatDateTime(row.original.created_at)}</span>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => (
      <span className="badge text-bg-secondary">{NOTIFICATION_KIND_LABELS[row.original.kind]}</span>
    ),
  },
  {
    id: 'title',
    header: 'Notification',
    cell: ({ row }) => (
      <>
        <div className={row.original.read_at ? '' : 'fw-semibold'}>
          <NotificationTitle notification={row.original} />
        </div>
        <div className="small text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
          {row.original.body}
        </div>
      </>
    ),
  },
  {
    id: 'read',
    header: 'Read',
    cell: ({ row }) => <MarkReadButton notification={row.original} />,
  },
];

/** The user's own notifications, newest first. */
export function NotificationsPage() {
  const list = useResourceList<Notification>({
    resource: notificationsResource,
    rowId: (notification) => notification.id,
  });
  const markRead = useMarkRead();
  const unread = useNotificationBell().data?.unread_count ?? 0;
  return (
    <ResourceListPage
      title="Notifications"
      list={list}
      columns={COLUMNS}
      toolbar={
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all as read
        </button>
      }
      emptyText={NOTIFICATION_MESSAGES.empty}
    />
  );
}
