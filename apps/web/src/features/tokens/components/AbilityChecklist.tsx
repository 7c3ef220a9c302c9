import { type Ref, useId, useState } from 'react';
import { describedBy } from '../../../components/form/FormField.tsx';
import type { AbilityGroup } from './token-form.ts';

interface AbilityChecklistProps {
  groups: readonly AbilityGroup[];
  value: readonly string[];
  onChange: (abilities: string[]) => void;
  error?: { message?: string };
  /** Where a refusal of the abilities puts the focus: the filter box. */
  inputRef?: Ref<HTMLInputElement>;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The token's abilities, one checkbox each, grouped by subject; a user with every permission has
 * some sixty, so a filter narrows them by words or name.
 */
export function AbilityChecklist({
  groups,
  value,
  onChange,
  error,
  inputRef,
}: AbilityChecklistProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = groups
    .map((group) => ({
      ...group,
      abilities: group.abilities.filter(
        (ability) =>
          wanted === '' ||
          ability.name.includes(wanted) ||
          ability.label.toLowerCase().includes(wanted),
      ),
    }))
    .filter((group) => group.abilities.length > 0);
  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...value, name] : value.filter((held) => held !== name));

  return (
    <fieldset className="mb-3" aria-describedby={error ? describedBy(id) : undefined}>
      <legend className="form-label fs-6 mb-2">Abilities</legend>
      <input
        ref={inputRef}
        type="search"
        className="form-control form-control-sm mb-2"
        aria-label="Filter abilities"
        placeholder="Filter abilities"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="border rounded p-2 overflow-auto" style={{ maxHeight: '16rem' }}>
        {shown.length === 0 && (
          <p className="small text-body-secondary mb-0">No ability matches.</p>
        )}
        {shown.map((group) => (
          <div key={group.subject} className="mb-2">
            <div className="small fw-semibold text-body-secondary">
              {capitalised(group.subject)}
            </div>
            {group.abilities.map((ability) => (
              <div key={ability.name} className="form-check">
                <input
                  id={`${id}-${ability.name}`}
                  type="checkbox"
                  className={`form-check-input ${error ? 'is-invalid' : ''}`}
                  checked={value.includes(ability.name)}
                  onChange={(event) => toggle(ability.name, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={`${id}-${ability.name}`}>
                  {ability.label} <code className="small">{ability.name}</code>
                </label>
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="form-text">
        {value.length === 0
          ? 'A token can have only abilities you hold.'
          : `${value.length} chosen. A token can have only abilities you hold.`}
      </div>
      {error?.message && (
        <div id={describedBy(id)} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
    </fieldset>
  );
}
