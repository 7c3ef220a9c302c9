import type { Ability } from './abilities.ts';

/**
 * Each resource by its name (its path's last word), with what the lists built from the
 * resources need apart from its schemas: what one record is called, and what the resource takes
 * part in. The audit log's subjects, the trash's types and the saved views' lists are derived
 * from it, here, and so is the CSV export's list in the web app: a new resource is one entry.
 * It holds no schema, so that the app's first load (its menu) reads it without zod.
 */
export interface ResourceFacts {
  /** One record: the audit log's subject type, and the trash's ability subject. */
  one: string;
  /** One record, as a person reads it. */
  label: string;
  /** Its routes are guarded by `{one}-list`, `-create`, `-update` and `-delete` (abilities.ts). */
  abilities?: true;
  /** A delete moves its records to the trash (their snapshot: db/trash.ts). */
  trash?: true;
  /**
   * Who may trash, restore and purge its records, for a resource guarded by one permission
   * rather than `{one}-delete` and `{one}-create`. A plain string, since the abilities are made
   * from this registry; the contract's test checks that it names a permission.
   */
  trashAbility?: string;
  /** Its list keeps saved views, shown to whoever holds `{one}-list`. */
  savedViews?: true;
  /** Its list has a CSV export (GET /api/{name}/export). */
  export?: true;
}

export const RESOURCE_NAMES = {
  websites: {
    abilities: true,
    one: 'website',
    label: 'Website',
    trash: true,
    savedViews: true,
    export: true,
  },
  instances: {
    abilities: true,
    one: 'instance',
    label: 'Instance',
    trash: true,
    savedViews: true,
    export: true,
  },
  categories: {
    abilities: true,
    one: 'category',
    label: 'Category',
    trash: true,
    savedViews: true,
    export: true,
  },
  posts: {
    abilities: true,
    one: 'post',
    label: 'Post',
    trash: true,
    savedViews: true,
    export: true,
  },
  users: {
    abilities: true,
    one: 'user',
    label: 'User',
    trash: true,
    savedViews: true,
    export: true,
  },
  roles: {
    abilities: true,
    one: 'role',
    label: 'Role',
    trash: true,
    savedViews: true,
    export: true,
  },
  settings: { abilities: true, one: 'setting', label: 'Setting', savedViews: true, export: true },
  workflows: { one: 'workflow', label: 'Workflow' },
  tokens: { one: 'token', label: 'API token' },
  'event-subscriptions': { one: 'event_subscription', label: 'Event subscription' },
  channels: { one: 'channel', label: 'Channel', trash: true, trashAbility: 'channel-manage' },
  'social-apps': { one: 'social_app', label: 'Social app' },
  revenue: { one: 'revenue', label: 'Revenue' },
  costs: { one: 'cost', label: 'Cost' },
  'exchange-rates': { one: 'exchange_rate', label: 'Exchange rate' },
} as const satisfies Record<string, ResourceFacts>;

type Names = typeof RESOURCE_NAMES;
type Part = 'abilities' | 'trash' | 'savedViews' | 'export';
/** The names of the resources that take part in `part`. */
export type NamesWith<R, P extends Part> = {
  [Name in keyof R]: R[Name] extends Record<P, true> ? Name : never;
}[keyof R];

/** The resources that take part in `part`, in the registry's order. */
export const namesWith = <R extends Record<string, ResourceFacts>, P extends Part>(
  registry: R,
  part: P,
) => Object.keys(registry).filter((name) => registry[name]![part]) as NamesWith<R, P>[];

/** The audit log's subject types: what one record of each resource is called. */
export const auditSubjectsOf = <R extends Record<string, ResourceFacts>>(registry: R) =>
  Object.values(registry).map((facts) => facts.one) as R[keyof R]['one'][];

/** The ability subjects of the resources that have their own abilities. */
export const abilitySubjectsOf = <R extends Record<string, ResourceFacts>>(registry: R) =>
  namesWith(registry, 'abilities').map((name) => registry[name]!.one) as R[NamesWith<
    R,
    'abilities'
  >]['one'][];

/** Each list that keeps saved views, and the ability that shows it. */
export const savedViewListsOf = <R extends Record<string, ResourceFacts>>(registry: R) =>
  Object.fromEntries(
    namesWith(registry, 'savedViews').map((name) => [name, `${registry[name]!.one}-list`]),
  ) as Record<NamesWith<R, 'savedViews'>, Ability>;

/** Each trash type's ability subject: who may delete such a record. */
export const trashSubjectsOf = <R extends Record<string, ResourceFacts>>(registry: R) =>
  Object.fromEntries(namesWith(registry, 'trash').map((name) => [name, registry[name]!.one])) as {
    [Name in NamesWith<R, 'trash'>]: R[Name]['one'];
  };

export type ResourceName = keyof Names;
export type ExportName = NamesWith<Names, 'export'>;
