import { type FormEvent, useId, useState } from 'react';
import type { SelectOption } from '../MultiSelect.tsx';

interface BulkActionControlProps<A extends string> {
  /** The actions to choose from (ids from the contract, labels for the screen). */
  actions: readonly SelectOption<A>[];
  /** How many rows are ticked. */
  selectedCount: number;
  onApply: (action: A) => void;
  busy?: boolean;
  label?: string;
}

/** Apply is possible only with an action chosen and at least one row ticked. */
export function canApply(action: string, selectedCount: number): boolean {
  return action !== '' && selectedCount > 0;
}

/**
 * An action select and its Apply button, for the bulk actions of a list's ticked rows. Apply is
 * disabled until an action and a row are chosen; if the form is submitted anyway (a script, an
 * assistive tool), only a console warning results (there is nothing to tell the user that the disabled button did not), and onApply is not called.
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

  function apply(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!canApply(action, selectedCount)) {
      console.warn('Choose an action and at least one row before applying.');
      return;
    }
    onApply(action as A);
  }

  return (
    <form className="input-group input-group-sm w-auto" onSubmit={apply}>
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
      <button type="submit" className="btn btn-primary" disabled={!enabled} aria-busy={busy}>
        Apply
      </button>
    </form>
  );
}
