import { loadedApart } from '../../lib/loaded-apart.tsx';

/** The top bar's menus (react-bootstrap's Dropdown and Popper): not in the screen's first load. */
const NavbarMenus = loadedApart(() =>
  import('./NavbarMenus.tsx').then((module) => module.NavbarMenus),
);

interface NavbarProps {
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  scheduledTasksOpen: boolean;
  onToggleScheduledTasks: () => void;
}

export function Navbar({
  sidebarExpanded,
  onToggleSidebar,
  scheduledTasksOpen,
  onToggleScheduledTasks,
}: NavbarProps) {
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
          <NavbarMenus />
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
