import { useAbility } from '@casl/react';
import type { ReactNode } from 'react';
import { type AbilityName, type AppAbility, can } from '../lib/abilities.ts';

interface IfAllowedProps {
  /** e.g. 'user-delete', or several of which any one will do. */
  ability: AbilityName | readonly AbilityName[];
  children: ReactNode;
}

/** Renders its children only when the user holds the ability (or one of the abilities). */
export function IfAllowed({ ability, children }: IfAllowedProps) {
  const held = useAbility<AppAbility>();
  const wanted = typeof ability === 'string' ? [ability] : ability;
  return wanted.some((name) => can(held, name)) ? children : null;
}
