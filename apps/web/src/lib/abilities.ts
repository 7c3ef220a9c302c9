import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { useAbility } from '@casl/react';
import { type HeldAbility, MANAGE_ALL } from '@sitefleet/contract';

/** CASL ability over (action, subject) strings: 'user-list' is action 'list' on subject 'user'. */
export type AppAbility = MongoAbility<[string, string]>;
type AppRule = RawRuleOf<AppAbility>;

/** An ability name as the server sends it: a permission (`resource-action`), or manage-all. */
export type AbilityName = HeldAbility;

/** Until the real abilities load, everything is allowed except deleting users: a menu that appears a moment late is harmless, a Delete offered by mistake is not. */
const PLACEHOLDER_RULES: AppRule[] = [
  { action: 'manage', subject: 'all' },
  { action: 'delete', subject: 'user', inverted: true },
];

/**
 * Splits an ability name into CASL's action and subject ('user-list' → list, user);
 * manage-all becomes CASL's own "manage all".
 */
export function parseAbility(name: string): { action: string; subject: string } {
  if (name === MANAGE_ALL) return { action: 'manage', subject: 'all' };
  const separator = name.indexOf('-');
  if (separator < 0) return { action: name, subject: 'all' };
  return { action: name.slice(separator + 1), subject: name.slice(0, separator) };
}

/** The single ability instance of the app; AbilityProvider hands it to every component. */
export const appAbility: AppAbility = createMongoAbility<AppAbility>(PLACEHOLDER_RULES);

export function applyAbilities(names: readonly string[]): void {
  appAbility.update(names.map(parseAbility));
}

export function resetAbilities(): void {
  appAbility.update(PLACEHOLDER_RULES);
}

/** Whether the abilities hold `wanted` (or any one of several). */
export function can(ability: AppAbility, wanted: AbilityName | readonly AbilityName[]): boolean {
  const names = typeof wanted === 'string' ? [wanted] : wanted;
  return names.some((name) => {
    const { action, subject } = parseAbility(name);
    return ability.can(action, subject);
  });
}

/** Whether the signed-in user holds an ability; re-renders when the abilities change. */
export function useCan(wanted: AbilityName | readonly AbilityName[]): boolean {
  return can(useAbility<AppAbility>(), wanted);
}
