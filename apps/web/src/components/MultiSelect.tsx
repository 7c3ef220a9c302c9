import Select, { type GroupBase, type StylesConfig } from 'react-select';
import { MULTI_SELECT_TEXTS } from '../lib/texts.ts';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/** What the app's selects take besides their value and its change (MultiSelect, SearchSelect). */
export interface SelectControlProps<V extends string | number> {
  inputId?: string;
  options: readonly SelectOption<V>[];
  invalid?: boolean;
  isLoading?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  /** Ties the control to its error message (FormField's describedBy). */
  ariaDescribedBy?: string;
  onBlur?: () => void;
  /**
   * For options that a server searches: called with the typed text (debounce the call), and the
   * options given are shown as they are instead of being filtered again here. Keep the chosen
   * options among them, so that their labels stay known (the menu hides chosen options anyway).
   */
  onSearch?: (text: string) => void;
}

interface MultiSelectProps<V extends string | number> extends SelectControlProps<V> {
  /** The chosen values, in the order they were chosen. */
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** At most this many may be chosen. */
  max?: number;
}

/**
 * The message in the open menu when no option can be picked, with its three texts (lib/texts.ts). `query`
 * is the typed text: when a server search answers nothing for it, the search matched nothing.
 */
export function noOptionsText(options: {
  total: number;
  chosen: number;
  max?: number;
  query?: string;
}): string {
  if (options.max !== undefined && options.chosen >= options.max) {
    return MULTI_SELECT_TEXTS.maxSelected(options.max);
  }
  if (options.query) return MULTI_SELECT_TEXTS.noMatches;
  return options.total === 0 ? MULTI_SELECT_TEXTS.empty : MULTI_SELECT_TEXTS.noMatches;
}

/** react-select in Bootstrap's colours, so that it follows the light and dark themes. */
export function bootstrapStyles<V extends string | number, IsMulti extends boolean>(
  invalid: boolean,
) {
  const styles: StylesConfig<SelectOption<V>, IsMulti, GroupBase<SelectOption<V>>> = {
    control: (base, state) => ({
      ...base,
      backgroundColor: 'var(--bs-body-bg)',
      borderColor: invalid
        ? 'var(--bs-form-invalid-border-color)'
        : state.isFocused
          ? '#86b7fe'
          : 'var(--bs-border-color)',
      boxShadow: state.isFocused ? '0 0 0 0.25rem rgba(13, 110, 253, 0.25)' : 'none',
      '&:hover': {},
    }),
    menu: (base) => ({
      ...base,
      backgroundColor: 'var(--bs-body-bg)',
      border: '1px solid var(--bs-border-color)',
    }),
    menuPortal: (base) => ({ ...base, zIndex: 1070 }),
    option: (base, state) => ({
      ...base,
      color: state.isDisabled ? 'var(--bs-secondary-color)' : 'var(--bs-body-color)',
      backgroundColor: state.isFocused ? 'var(--bs-tertiary-bg)' : 'transparent',
    }),
    input: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
    placeholder: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
    multiValue: (base) => ({ ...base, backgroundColor: 'var(--bs-secondary-bg)' }),
    multiValueLabel: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
    noOptionsMessage: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
  };
  return styles;
}

/**
 * The react-select props every select of the app shares: its id and error link, its texts,
 * the server search, the Bootstrap colours, and a menu portalled to the body (over dialogs).
 */
export function sharedSelectProps<V extends string | number, IsMulti extends boolean>(
  {
    inputId,
    options,
    invalid = false,
    isLoading = false,
    isDisabled = false,
    placeholder = 'Select…',
    ariaDescribedBy,
    onBlur,
    onSearch,
  }: SelectControlProps<V>,
  chosen: { count: number; max?: number },
) {
  return {
    inputId,
    onBlur,
    // Every change of the typed text, a reset after a choice included: the options follow it.
    onInputChange: (text: string) => onSearch?.(text),
    filterOption: onSearch ? null : undefined,
    noOptionsMessage: ({ inputValue }: { inputValue: string }) =>
      noOptionsText({
        total: options.length,
        chosen: chosen.count,
        max: chosen.max,
        query: inputValue,
      }),
    isLoading,
    isDisabled,
    placeholder,
    'aria-invalid': invalid,
    'aria-describedby': ariaDescribedBy,
    menuPortalTarget: typeof document === 'undefined' ? undefined : document.body,
    styles: bootstrapStyles<V, IsMulti>(invalid),
  };
}

/** A searchable multi-select on react-select, used with react-hook-form through a Controller. */
export function MultiSelect<V extends string | number>({
  value,
  onChange,
  max,
  ...control
}: MultiSelectProps<V>) {
  const { options } = control;
  const chosen = value
    .map((item) => options.find((option) => option.value === item))
    .filter((option) => option !== undefined);
  const full = max !== undefined && value.length >= max;

  return (
    <Select<SelectOption<V>, true>
      {...sharedSelectProps<V, true>(control, { count: value.length, max })}
      isMulti
      // Full: the menu offers nothing and says why (the maximum text).
      options={full ? [] : options}
      value={chosen}
      onChange={(next) => onChange(next.map((option) => option.value))}
      closeMenuOnSelect={false}
    />
  );
}
