import { useState } from 'react';
import { Outlet } from 'react-router';
import { useBodyClass } from '../../lib/use-body-class.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { ControlSidebar } from './ControlSidebar.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSidebarToggle } from './use-sidebar-toggle.ts';

/** AdminLTE 4: navbar, sidebar, content, control sidebar and footer. */
export function AdminLayout() {
  const sidebar = useSidebarToggle();
  const [scheduledTasksOpen, setScheduledTasksOpen] = useState(false);
  useBodyClass('layout-fixed sidebar-expand-lg sidebar-mini bg-body-tertiary app-loaded');

  return (
    <div className="app-wrapper">
      <Navbar
        sidebarExpanded={sidebar.expanded}
        onToggleSidebar={sidebar.toggle}
        scheduledTasksOpen={scheduledTasksOpen}
        onToggleScheduledTasks={() => setScheduledTasksOpen((wasOpen) => !wasOpen)}
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
      <ControlSidebar show={scheduledTasksOpen} onHide={() => setScheduledTasksOpen(false)} />
      <CommandPalette />
    </div>
  );
}
