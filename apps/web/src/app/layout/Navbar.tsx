import { Dropdown } from 'react-bootstrap';
import { useTheme } from '../../lib/theme.ts';

interface NavbarProps {
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  scheduledTasksOpen: boolean;
  onToggleScheduledTasks: () => void;
}

/** Demo entries of the messages and notifications menus: placeholders, not wired to anything. */
const DEMO_MESSAGES = [
  { from: 'Support team', text: 'Welcome to the back-office.' },
  { from: 'Operations', text: 'Weekly report is ready.' },
];
const DEMO_NOTIFICATIONS = [
  { icon: 'bi-envelope', text: '4 new messages' },
  { icon: 'bi-people-fill', text: '8 friend requests' },
  { icon: 'bi-file-earmark-fill', text: '3 new reports' },
];

export function Navbar({
  sidebarExpanded,
  onToggleSidebar,
  scheduledTasksOpen,
  onToggleScheduledTasks,
}: NavbarProps) {
  const { theme, toggleTheme } = useTheme();
  return (
    <nav className="app-header navbar navbar-expand bg-body" aria-label="Top bar">
      <div className="container-fluid">
        <ul className="navbar-nav">
          <li className="nav-item">
            <button
              type="button"
              className="nav-link"
              aria-label="Toggle sidebar"
              aria-expanded={sidebarExpanded}
              onClick={onToggleSidebar}
            >
              <i className="bi bi-list" aria-hidden="true" />
            </button>
          </li>
        </ul>
        <ul className="navbar-nav ms-auto">
          <Dropdown as="li" className="nav-item" align="end">
            <Dropdown.Toggle as="button" className="nav-link no-caret" aria-label="Messages">
              <i className="bi bi-chat-text" aria-hidden="true" />
              <span className="navbar-badge badge text-bg-danger">{DEMO_MESSAGES.length}</span>
            </Dropdown.Toggle>
            <Dropdown.Menu className="dropdown-menu-lg">
              {DEMO_MESSAGES.map((message) => (
                <Dropdown.ItemText key={message.from}>
                  <strong className="d-block">{message.from}</strong>
                  <span className="small text-body-secondary">{message.text}</span>
                </Dropdown.ItemText>
              ))}
            </Dropdown.Menu>
          </Dropdown>
          <Dropdown as="li" className="nav-item" align="end">
            <Dropdown.Toggle as="button" className="nav-link no-caret" aria-label="Notifications">
              <i className="bi bi-bell-fill" aria-hidden="true" />
              <span className="navbar-badge badge text-bg-warning">
                {DEMO_NOTIFICATIONS.length}
              </span>
            </Dropdown.Toggle>
            <Dropdown.Menu className="dropdown-menu-lg">
              {DEMO_NOTIFICATIONS.map((notification) => (
                <Dropdown.ItemText key={notification.text}>
                  <i className={`bi ${notification.icon} me-2`} aria-hidden="true" />
                  {notification.text}
                </Dropdown.ItemText>
              ))}
            </Dropdown.Menu>
          </Dropdown>
          <li className="nav-item">
            <button
              type="button"
              className="nav-link"
              aria-label="Toggle theme"
              aria-pressed={theme === 'dark'}
              title={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
              onClick={toggleTheme}
            >
              <i
                className={`bi ${theme === 'dark' ? 'bi-sun-fill' : 'bi-moon-fill'}`}
                aria-hidden="true"
              />
            </button>
          </li>
          <li className="nav-item">
            <button
              type="button"
              className="nav-link"
              aria-label="Scheduled Tasks"
              aria-expanded={scheduledTasksOpen}
              onClick={onToggleScheduledTasks}
            >
              <i className="bi bi-clock-history" aria-hidden="true" />
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
