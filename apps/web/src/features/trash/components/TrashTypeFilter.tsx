import { TRASH_TYPE_LABELS, type TrashType } from '@sitefleet/contract';

interface TrashTypeFilterProps {
  /** The types the caller may see. */
  types: readonly TrashType[];
  value: TrashType | undefined;
  onChange: (type: TrashType | undefined) => void;
}

/** Every type the caller may see, or one. */
export function TrashTypeFilter({ types, value, onChange }: TrashTypeFilterProps) {
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label="Type filter"
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as TrashType | undefined)}
    >
      <option value="">All types</option>
      {types.map((type) => (
        <option key={type} value={type}>
          {TRASH_TYPE_LABELS[type]}
        </option>
      ))}
    </select>
  );
}
