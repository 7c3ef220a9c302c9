import {
  type HeldAbility,
  MANAGE_ALL,
  PERMISSION_NAMES,
  permissionLabel,
  tokenInputSchema,
} from '@sitefleet/contract';
import type { FieldError, Resolver } from 'react-hook-form';
import { payloadResolver } from '../../../lib/contract-resolver.ts';

/** The New API token form as typed: the expiry is a day (YYYY-MM-DD), its end is sent. */
export interface TokenFormValues {
  name: string;
  expires_at: string;
  /** What the token acts with: abilities chosen here, or a role's permissions (token-manage). */
  grant: 'abilities' | 'role';
  abilities: string[];
  /** The role's id as the select holds it; '' before one is chosen. */
  role_id: string;
  /** None: every website. */
  website_ids: number[];
}

/** A new token lasts this many days unless its creator picks another day. */
export const DEFAULT_TOKEN_DAYS = 90;

/** A local day as YYYY-MM-DD, as the date field holds it. */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultTokenValues(now: Date = new Date()): TokenFormValues {
  const expires = new Date(now);
  expires.setDate(expires.getDate() + DEFAULT_TOKEN_DAYS);
  return {
    name: '',
    expires_at: dayOf(expires),
    grant: 'abilities',
    abilities: [],
    role_id: '',
    website_ids: [],
  };
}

/**
 * The last moment of a typed day in the user's own zone, as the ISO instant the server takes; a
 * text that is no day goes as it is, so that the contract's message says so.
 */
export function endOfDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString();
}

/** What POST /api/tokens is sent for the form's values. */
export function tokenPayload(values: TokenFormValues) {
  return {
    name: values.name,
    ...(values.grant === 'role'
      ? values.role_id && { role_id: Number(values.role_id) }
      : { abilities: values.abilities }),
    ...(values.website_ids.length > 0 ? { website_ids: values.website_ids } : {}),
    expires_at: endOfDay(values.expires_at),
  };
}

const checkPayload = payloadResolver<TokenFormValues>(tokenInputSchema, tokenPayload);

/**
 * The contract's rules on what would be sent (a day in the past, more than a year ahead, no
 * ability), as the server would say them; with a role to choose, "give it an ability or a role"
 * is said under the role.
 */
export const tokenFormResolver: Resolver<TokenFormValues> = async (values, context, options) => {
  const checked = await checkPayload(values, context, options);
  const { abilities, ...others } = checked.errors;
  if (values.grant === 'role' && abilities) {
    return { values: {}, errors: { ...others, role_id: abilities as FieldError } };
  }
  return checked;
};

/** One subject's permissions, as the form lists them ('website': its list, create …). */
export interface AbilityGroup {
  subject: string;
  abilities: { name: string; label: string }[];
}

/**
 * The abilities a token of this user may have, grouped by subject: a token never has more than
 * its creator holds, and a holder of manage-all holds every permission.
 */
export function grantableAbilityGroups(held: readonly string[]): AbilityGroup[] {
  const all = held.includes(MANAGE_ALL satisfies HeldAbility);
  const groups = new Map<string, AbilityGroup>();
  for (const name of PERMISSION_NAMES) {
    if (!all && !held.includes(name)) continue;
    const subject = name.slice(0, name.indexOf('-'));
    const group = groups.get(subject) ?? { subject, abilities: [] };
    group.abilities.push({ name, label: permissionLabel(name) ?? name });
    groups.set(subject, group);
  }
  return [...groups.values()];
}
