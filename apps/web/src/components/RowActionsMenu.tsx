import { Dropdown } from 'react-bootstrap';

export interface RowAction {
  label: string;
  /** A bootstrap-icons name, e.g. 'bi-pencil-square'. */
  icon: string;
  onSelect: () => void;
  danger?: boolean;
}

interface RowActionsMenuProps {
  /** The row's name, for the button's accessible name ('Options for Laptops'). */
  rowName: string;
  /**
   * The row's actions; `false` stands for one the user may not take (`canEdit && { … }`). The
   * menu is left out when none is left.
   */
  actions: readonly (RowAction | false)[];
}

/** A row's Options menu (Edit, Delete, Sync, Details …). */
export function RowActionsMenu({ rowName, actions }: RowActionsMenuProps) {
  const allowed = actions.filter((action) => action !== false);
  if (allowed.length === 0) return null;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        size="sm"
        className="p-1 text-body no-caret"
        aria-label={`Options for ${rowName}`}
        title="Options"
      >
        <i className="bi bi-three-dots-vertical" aria-hidden="true" />
      </Dropdown.Toggle>
      {/*
        Fixed: the menu escapes the scrolling table instead of being cut by it. The style makes it
        fixed before Popper first measures it: measured while still absolute, it was placed against
        its dropdown wrapper instead of the window, away from its button.
      */}
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }} style={{ position: 'fixed' }}>
        {allowed.map((action) => (
          <Dropdown.Item
            key={action.label}
            as="button"
            type="button"
            className={action.danger ? 'text-danger' : undefined}
            onClick={action.onSelect}
          >
            <i className={`bi ${action.icon} me-2`} aria-hidden="true" />
            {action.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
