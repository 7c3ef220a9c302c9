import { Dropdown } from 'react-bootstrap';
import type { SelectOption } from '../MultiSelect.tsx';

interface BulkActionsMenuProps<A extends string> {
  /** The actions (ids from the contract, labels for the screen). */
  actions: readonly SelectOption<A>[];
  /** How many rows are ticked: the menu waits for one. */
  selectedCount: number;
  /** Runs an action on the ticked rows. */
  onSelect: (action: A) => void;
  busy?: boolean;
}

/** The 'Bulk Actions' menu of a list: each item acts on the ticked rows at once. */
export function BulkActionsMenu<A extends string>({
  actions,
  selectedCount,
  onSelect,
  busy = false,
}: BulkActionsMenuProps<A>) {
  return (
    <Dropdown>
      <Dropdown.Toggle
        variant="secondary"
        size="sm"
        disabled={selectedCount === 0 || busy}
        aria-busy={busy}
        title={selectedCount === 0 ? 'Tick rows to act on them' : undefined}
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        Bulk Actions{selectedCount > 0 ? ` (${selectedCount})` : ''}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {actions.map((action) => (
          <Dropdown.Item
            key={action.value}
            as="button"
            type="button"
            onClick={() => onSelect(action.value)}
          >
            {action.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
