import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useBodyClass } from '../../lib/use-body-class.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSidebarToggle } from './use-sidebar-toggle.ts';

/** The scheduled tasks' panel (react-bootstrap's Offcanvas and the tasks table) loads when first opened. */
const ControlSidebar = lazy(() =>
  import('./ControlSidebar.tsx').then((module) => ({ default: module.ControlSidebar })),
);

/** AdminLTE 4: navbar, sidebar, content, control sidebar and footer. */
export function AdminLayout() {
  const sidebar = useSidebarToggle();
  const [scheduledTasksOpen, setScheduledTasksOpen] = useState(false);
  const [scheduledTasksOpened, setScheduledTasksOpened] = useState(false);
  useBodyClass('layout-fixed sidebar-expand-lg sidebar-mini bg-body-tertiary app-loaded');

  return (
    <div className="app-wrapper">
      <Navbar
        sidebarExpanded={sidebar.expanded}
        onToggleSidebar={sidebar.toggle}
        scheduledTasksOpen={scheduledTasksOpen}
        onToggleScheduledTasks={() => {
          setScheduledTasksOpened(true);
          setScheduledTasksOpen((wasOpen) => !wasOpen);
        }}
      />
      <Sidebar />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      {sidebar.narrowOpen && (
        <button
          type="button"
          className="sidebar-overlay border-0 p-0"
          aria-label="Close sidebar"
          onClick={sidebar.closeNarrow}
        />
      )}
      {scheduledTasksOpened && (
        <Suspense fallback={null}>
          <ControlSidebar show={scheduledTasksOpen} onHide={() => setScheduledTasksOpen(false)} />
        </Suspense>
      )}
      <CommandPalette />
    </div>
  );
}
