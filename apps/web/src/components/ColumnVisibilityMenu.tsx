import { useId } from 'react';
import { Dropdown } from 'react-bootstrap';
import type { ToggleableColumn } from '../lib/use-column-visibility.ts';

interface ColumnVisibilityMenuProps {
  columns: readonly ToggleableColumn[];
  isVisible: (id: string) => boolean;
  setVisible: (id: string, visible: boolean) => void;
}

/** 'Display Settings': a checkbox per column; the menu stays open while columns are toggled. */
export function ColumnVisibilityMenu({
  columns,
  isVisible,
  setVisible,
}: ColumnVisibilityMenuProps) {
  const menuId = useId();
  return (
    <Dropdown autoClose="outside">
      <Dropdown.Toggle variant="outline-secondary" size="sm" id={menuId}>
        <i className="bi bi-layout-three-columns me-1" aria-hidden="true" />
        Display Settings
      </Dropdown.Toggle>
      <Dropdown.Menu className="px-3 py-2" style={{ minWidth: '13rem' }}>
        {columns.map((column) => (
          <div key={column.id} className="form-check">
            <input
              type="checkbox"
              className="form-check-input"
              id={`${menuId}-${column.id}`}
              checked={isVisible(column.id)}
              onChange={(event) => setVisible(column.id, event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${menuId}-${column.id}`}>
              {column.label}
            </label>
          </div>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
