import { useAbility } from '@casl/react';
import { contentActionAbilities, type VariantKind } from '@sitefleet/contract';
import { type AppAbility, can } from '../abilities.ts';
import type { ContentResource } from './content-records.ts';

/**
 * Whether the signed-in user may run a list or Detailed Review action of this kind: it holds
 * every ability the action needs (a reviewer approves and moves, only a publisher publishes).
 */
export function useMayRunAction(kind: VariantKind): (action: string) => boolean {
  const ability = useAbility<AppAbility>();
  return (action) => contentActionAbilities(kind, action).every((needed) => can(ability, needed));
}

/** The kind of content an API resource serves. */
export const kindOfResource = (resource: ContentResource): VariantKind =>
  resource === '/api/posts' ? 'post' : 'category';
