import { type ReactNode, type Ref, useId, useState } from 'react';
import { describedBy } from './FormField.tsx';

/** One checkbox: what it adds to the value, its label, and the words the filter finds it by. */
export interface ChecklistItem {
  value: string;
  label: ReactNode;
  /** Matched, lowercased, against the typed filter (e.g. the name and its label). */
  keywords: readonly string[];
}

/** A heading and its checkboxes. */
export interface ChecklistGroup {
  key: string;
  title: string;
  items: readonly ChecklistItem[];
}

interface GroupedChecklistProps {
  /** The fieldset's legend, e.g. 'Abilities'. */
  legend: string;
  groups: readonly ChecklistGroup[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The filter box's name and placeholder, e.g. 'Filter abilities'. */
  filterLabel: string;
  /** Said in the box when the filter leaves nothing, e.g. 'No ability matches.' */
  noMatchText: string;
  /** Under the box, after how many are chosen. */
  help?: ReactNode;
  error?: { message?: string };
  /** Where a refusal of the field puts the focus: the filter box. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A multiple choice as checkboxes under headings, in a scrolling box with a filter that narrows
 * them by any of their keywords; the count chosen and the field's error under it.
 */
export function GroupedChecklist({
  legend,
  groups,
  value,
  onChange,
  filterLabel,
  noMatchText,
  help,
  error,
  inputRef,
}: GroupedChecklistProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = groups
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          wanted === '' || item.keywords.some((word) => word.toLowerCase().includes(wanted)),
      ),
    }))
    .filter((group) => group.items.length > 0);
  const toggle = (item: string, checked: boolean) =>
    onChange(checked ? [...value, item] : value.filter((held) => held !== item));

  return (
    <fieldset className="mb-3" aria-describedby={error ? describedBy(id) : undefined}>
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      <input
        ref={inputRef}
        type="search"
        className="form-control form-control-sm mb-2"
        aria-label={filterLabel}
        placeholder={filterLabel}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="border rounded p-2 overflow-auto" style={{ maxHeight: '16rem' }}>
        {shown.length === 0 && <p className="small text-body-secondary mb-0">{noMatchText}</p>}
        {shown.map((group) => (
          <div key={group.key} className="mb-2">
            <div className="small fw-semibold text-body-secondary">{group.title}</div>
            {group.items.map((item) => (
              <div key={item.value} className="form-check">
                <input
                  id={`${id}-${item.value}`}
                  type="checkbox"
                  className={`form-check-input ${error ? 'is-invalid' : ''}`}
                  checked={value.includes(item.value)}
                  onChange={(event) => toggle(item.value, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={`${id}-${item.value}`}>
                  {item.label}
                </label>
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="form-text">
        {value.length > 0 && `${value.length} chosen. `}
        {help}
      </div>
      {error?.message && (
        <div id={describedBy(id)} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
    </fieldset>
  );
}
