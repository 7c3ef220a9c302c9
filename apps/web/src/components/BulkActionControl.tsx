import { useId, useState } from 'react';
import type { SelectOption } from './MultiSelect.tsx';

interface BulkActionControlProps<A extends string> {
  /** The actions to choose from (ids from the contract, labels for the screen). */
  actions: readonly SelectOption<A>[];
  /** How many rows are ticked. */
  selectedCount: number;
  onApply: (action: A) => void;
  busy?: boolean;
  label?: string;
}

/** Apply is possible only with an action chosen and at least one row ticked (spec §4). */
export function canApply(action: string, selectedCount: number): boolean {
  return action !== '' && selectedCount > 0;
}

/**
 * An action select and its Apply button, for the bulk actions of a list's ticked rows. Apply is
 * disabled until an action and a row are chosen; if it is triggered anyway (Enter in the select),
 * only a console warning results, as the spec says.
 */
export function BulkActionControl<A extends string>({
  actions,
  selectedCount,
  onApply,
  busy = false,
  label = 'Bulk action',
}: BulkActionControlProps<A>) {
  const [action, setAction] = useState<A | ''>('');
  const selectId = useId();
  const enabled = canApply(action, selectedCount) && !busy;

  function apply() {
    if (action === '' || selectedCount === 0) {
      console.warn('Choose an action and at least one row before applying.');
      return;
    }
    onApply(action);
  }

  return (
    <div className="input-group input-group-sm w-auto">
      <label htmlFor={selectId} className="visually-hidden">
        {label}
      </label>
      <select
        id={selectId}
        className="form-select"
        value={action}
        onChange={(event) => setAction(event.target.value as A | '')}
      >
        <option value="">{label}</option>
        {actions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!enabled}
        aria-busy={busy}
        onClick={apply}
      >
        Apply
      </button>
    </div>
  );
}
