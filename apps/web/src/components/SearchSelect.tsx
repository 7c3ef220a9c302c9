import Select from 'react-select';
import { type SelectControlProps, type SelectOption, sharedSelectProps } from './MultiSelect.tsx';

interface SearchSelectProps<V extends string | number> extends SelectControlProps<V> {
  /** The chosen value, or null for none. */
  value: V | null;
  onChange: (value: V | null) => void;
  /** A button clears the choice (a filter's), which calls onChange with null. */
  isClearable?: boolean;
  /** The accessible name, when no label points at `inputId`. */
  ariaLabel?: string;
}

/**
 * A searchable single select on react-select, in the MultiSelect's colours and texts, for lists
 * too long for a native select (a post's category among thousands).
 */
export function SearchSelect<V extends string | number>({
  value,
  onChange,
  isClearable = false,
  ariaLabel,
  ...control
}: SearchSelectProps<V>) {
  const chosen = control.options.find((option) => option.value === value) ?? null;
  return (
    <Select<SelectOption<V>, false>
      {...sharedSelectProps<V, false>(control, { count: 0 })}
      options={control.options}
      value={chosen}
      isClearable={isClearable}
      aria-label={ariaLabel}
      onChange={(next) => onChange(next?.value ?? null)}
    />
  );
}
