import { type HeldAbility, MANAGE_ALL } from '@sitefleet/contract';
import { useSyncExternalStore } from 'react';

/** An ability name as the server sends it: a permission (`resource-action`), or manage-all. */
export type AbilityName = HeldAbility;

/** 'user-list' is action 'list' on subject 'user'; 'manage' is any action, 'all' any subject. */
interface AbilityRule {
  action: string;
  subject: string;
  /** A rule that takes the ability away. */
  inverted?: boolean;
}

/** Until the real abilities load, everything is allowed except deleting users: a menu that appears a moment late is harmless, a Delete offered by mistake is not. */
const PLACEHOLDER_RULES: readonly AbilityRule[] = [
  { action: 'manage', subject: 'all' },
  { action: 'delete', subject: 'user', inverted: true },
];

/**
 * The user's rules, read as CASL reads rules without conditions: the last rule for the action (or
 * manage) on the subject (or all) decides, and without one the action is refused. The rules are
 * plain names: CASL would bring its condition engine (a Mongo query one, 3.2 kB gzip) into every
 * first load for them.
 */
export class AppAbility {
  #rules: readonly AbilityRule[];
  readonly #listeners = new Set<() => void>();

  constructor(rules: readonly AbilityRule[]) {
    this.#rules = rules;
  }

  get rules(): readonly AbilityRule[] {
    return this.#rules;
  }

  update(rules: readonly AbilityRule[]): void {
    this.#rules = rules;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  can(action: string, subject: string): boolean {
    const rule = this.#rules.findLast(
      (candidate) =>
        (candidate.action === action || candidate.action === 'manage') &&
        (candidate.subject === subject || candidate.subject === 'all'),
    );
    return rule !== undefined && !rule.inverted;
  }
}

/**
 * Splits an ability name into an action and a subject ('user-list' → list, user); manage-all
 * becomes "manage all".
 */
export function parseAbility(name: string): { action: string; subject: string } {
  if (name === MANAGE_ALL) return { action: 'manage', subject: 'all' };
  const separator = name.indexOf('-');
  if (separator < 0) return { action: name, subject: 'all' };
  return { action: name.slice(separator + 1), subject: name.slice(0, separator) };
}

/** The single ability instance of the app, which every component reads through useAbility. */
export const appAbility = new AppAbility(PLACEHOLDER_RULES);

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

const readRules = () => appAbility.rules;

/** The app's abilities; the component renders again when they change (sign-in, sign-out). */
export function useAbility(): AppAbility {
  useSyncExternalStore(appAbility.subscribe, readRules);
  return appAbility;
}

/** Whether the signed-in user holds an ability; re-renders when the abilities change. */
export function useCan(wanted: AbilityName | readonly AbilityName[]): boolean {
  return can(useAbility(), wanted);
}
