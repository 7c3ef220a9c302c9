import type { Ref } from 'react';
import { GroupedChecklist } from '../../../components/form/GroupedChecklist.tsx';
import { capitalised } from '../../../lib/texts.ts';
import type { AbilityGroup } from './token-form.ts';

interface AbilityChecklistProps {
  groups: readonly AbilityGroup[];
  value: readonly string[];
  onChange: (abilities: string[]) => void;
  error?: { message?: string };
  /** Where a refusal of the abilities puts the focus: the filter box. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The token's abilities, one checkbox each, grouped by subject; a user with every permission has
 * some sixty, so a filter narrows them by words or name.
 */
export function AbilityChecklist({ groups, ...field }: AbilityChecklistProps) {
  return (
    <GroupedChecklist
      {...field}
      legend="Abilities"
      filterLabel="Filter abilities"
      noMatchText="No ability matches."
      help="A token can have only abilities you hold."
      groups={groups.map((group) => ({
        key: group.subject,
        title: capitalised(group.subject),
        items: group.abilities.map((ability) => ({
          value: ability.name,
          keywords: [ability.name, ability.label],
          label: (
            <>
              {ability.label} <code className="small">{ability.name}</code>
            </>
          ),
        })),
      }))}
    />
  );
}
