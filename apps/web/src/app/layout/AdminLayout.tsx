import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLiveEvents } from '../../lib/live-events.ts';
import { useBodyClass } from '../../lib/use-body-class.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useLazyPanel } from './use-lazy-panel.ts';
import { usePaletteShortcut } from './use-palette-shortcut.ts';
import { useSidebarToggle } from './use-sidebar-toggle.ts';

/** The scheduled tasks' panel (react-bootstrap's Offcanvas and the tasks table) loads when first opened. */
const ControlSidebar = lazy(() =>
  import('./ControlSidebar.tsx').then((module) => ({ default: module.ControlSidebar })),
);
/** The command palette (its modal and search) loads at the first Ctrl+K. */
const CommandPalette = lazy(() =>
  import('./CommandPalette.tsx').then((module) => ({ default: module.CommandPalette })),
);

/** AdminLTE 4: navbar, sidebar, content, control sidebar and footer. */
export function AdminLayout() {
  const sidebar = useSidebarToggle();
  const scheduledTasks = useLazyPanel();
  const palette = useLazyPanel();
  const takeTypedAhead = usePaletteShortcut(palette.show);
  useBodyClass('layout-fixed sidebar-expand-lg sidebar-mini bg-body-tertiary app-loaded');
  useLiveEvents();

  return (
    <div className="app-wrapper">
      <Navbar
        sidebarExpanded={sidebar.expanded}
        onToggleSidebar={sidebar.toggle}
        scheduledTasksOpen={scheduledTasks.open}
        onToggleScheduledTasks={scheduledTasks.toggle}
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
      {scheduledTasks.opened && (
        <Suspense fallback={null}>
          <ControlSidebar show={scheduledTasks.open} onHide={scheduledTasks.hide} />
        </Suspense>
      )}
      {palette.opened && (
        <Suspense fallback={null}>
          <CommandPalette
            open={palette.open}
            onClose={() => {
              // Typing on the page goes back to the page.
              takeTypedAhead();
              palette.hide();
            }}
            takeTypedAhead={takeTypedAhead}
          />
        </Suspense>
      )}
    </div>
  );
}
