import { Offcanvas } from 'react-bootstrap';
import { ScheduledTasksTable } from '../../features/scheduler/index.ts';

/**
 * The right-hand control sidebar: the scheduler's tasks. Like AdminLTE's control sidebar it is a
 * panel beside the page, not a dialog: no backdrop, no focus trap, the page stays usable.
 */
export function ControlSidebar({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="end"
      backdrop={false}
      scroll
      enforceFocus={false}
      aria-labelledby="control-sidebar-title"
    >
      <Offcanvas.Header closeButton>
        <Offcanvas.Title as="h2" className="h5" id="control-sidebar-title">
          Scheduled Tasks
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <ScheduledTasksTable enabled={show} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
