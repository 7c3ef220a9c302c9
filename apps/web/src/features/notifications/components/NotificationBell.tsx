import { formatDateTime, NOTIFICATION_MESSAGES } from '@sitefleet/contract';
import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useMarkRead, useNotificationBell } from '../api/notifications.ts';

/** The navbar's bell: the unread count, the latest notifications, Mark all as read. */
export function NotificationBell() {
  const bell = useNotificationBell();
  const markRead = useMarkRead();
  const unread = bell.data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    <Dropdown as="li" className="nav-item" align="end">
      <Dropdown.Toggle as="button" className="nav-link no-caret" aria-label={label} title={label}>
        <i className="bi bi-bell-fill" aria-hidden="true" />
        {unread > 0 && (
          <span className="navbar-badge badge text-bg-warning" data-testid="unread-count">
            {unread}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="dropdown-menu-lg" aria-label="Latest notifications">
        <Dropdown.Header>
          {unread === 1 ? '1 unread notification' : `${unread} unread notifications`}
        </Dropdown.Header>
        {bell.isError && (
          <Dropdown.ItemText className="small text-danger">
            The notifications could not be loaded.
          </Dropdown.ItemText>
        )}
        {bell.data?.data.length === 0 && (
          <Dropdown.ItemText className="small text-body-secondary">
            {NOTIFICATION_MESSAGES.empty}
          </Dropdown.ItemText>
        )}
        {bell.data?.data.map((notification) => (
          <Dropdown.Item
            key={notification.id}
            as={Link}
            to={notification.link ?? paths.notifications}
            className={notification.read_at ? 'text-body-secondary' : 'fw-semibold'}
            onClick={() => {
              if (!notification.read_at) markRead.mutate(notification.id);
            }}
          >
            <div className="text-truncate">{notification.title}</div>
            <div className="small text-body-secondary fw-normal">
              {formatDateTime(notification.created_at)}
            </div>
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <div className="d-flex justify-content-between px-3">
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all as read
          </button>
          <Link className="btn btn-link btn-sm p-0" to={paths.notifications}>
            All notifications
          </Link>
        </div>
      </Dropdown.Menu>
    </Dropdown>
  );
}
