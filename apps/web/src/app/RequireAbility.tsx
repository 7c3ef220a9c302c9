import type { ReactNode } from 'react';
import { type AbilityName, useCan } from '../lib/abilities.ts';
import { NoAccessPage } from './NoAccessPage.tsx';

/**
 * Renders a screen only for a user who holds its ability, and the no-access screen otherwise. The
 * session guard has loaded the real abilities before any screen renders.
 */
export function RequireAbility({
  ability,
  children,
}: {
  ability: AbilityName | readonly AbilityName[];
  children: ReactNode;
}) {
  return useCan(ability) ? children : <NoAccessPage />;
}
