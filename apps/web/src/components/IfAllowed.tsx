import type { ReactNode } from 'react';
import { type AbilityName, useCan } from '../lib/abilities.ts';

interface IfAllowedProps {
  /** e.g. 'user-delete', or several of which any one will do. */
  ability: AbilityName | readonly AbilityName[];
  children: ReactNode;
}

/** Renders its children only when the user holds the ability (or one of the abilities). */
export function IfAllowed({ ability, children }: IfAllowedProps) {
  return useCan(ability) ? children : null;
}
