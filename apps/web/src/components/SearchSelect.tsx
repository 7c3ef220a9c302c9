import Select from 'react-select';
import { bootstrapStyles, noOptionsText, type SelectOption } from './MultiSelect.tsx';

interface SearchSelectProps<V extends string | number> {
  inputId?: string;
  options: readonly SelectOption<V>[];
  /** The chosen value, or null for none. */
  value: V | null;
  onChange: (value: V | null) => void;
  invalid?: boolean;
  isLoading?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  /** Ties the control to its error message (FormField's describedBy). */
  ariaDescribedBy?: string;
  onBlur?: () => void;
  /**
   * For options that a server searches: called with the typed text (debounce the call), and the
   * options given are shown as they are. Keep the chosen option among them, so its label stays.
   */
  onSearch?: (text: string) => void;
}

/**
 * A searchable single select on react-select, in the MultiSelect's colours and texts, for lists
 * too long for a native select (a post's category among thousands).
 */
export function SearchSelect<V extends string | number>({
  inputId,
  options,
  value,
  onChange,
  invalid = false,
  isLoading = false,
  isDisabled = false,
  placeholder = 'Select…',
  ariaDescribedBy,
  onBlur,
  onSearch,
}: SearchSelectProps<V>) {
  const chosen = options.find((option) => option.value === value) ?? null;
  return (
    <Select<SelectOption<V>, false>
      inputId={inputId}
      options={options}
      value={chosen}
      onChange={(next) => onChange(next?.value ?? null)}
      onBlur={onBlur}
      onInputChange={(text) => onSearch?.(text)}
      filterOption={onSearch ? null : undefined}
      noOptionsMessage={({ inputValue }) =>
        noOptionsText({ total: options.length, chosen: 0, query: inputValue })
      }
      isLoading={isLoading}
      isDisabled={isDisabled}
      placeholder={placeholder}
      aria-invalid={invalid}
      aria-describedby={ariaDescribedBy}
      menuPortalTarget={typeof document === 'undefined' ? undefined : document.body}
      styles={bootstrapStyles<V, false>(invalid)}
    />
  );
}
