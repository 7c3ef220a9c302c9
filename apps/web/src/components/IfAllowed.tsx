import type { ReactNode } from 'react';
import { type AbilityName, useCan } from '../lib/abilities.ts';

/** Renders its children only when the user holds the ability (e.g. 'user-delete'). */
export function IfAllowed({ ability, children }: { ability: AbilityName; children: ReactNode }) {
  return useCan(ability) ? children : null;
}
