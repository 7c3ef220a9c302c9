import { z } from 'zod';

/**
 * Where a variant is published: its website (the webhook push), then the social networks. The
 * order is the wire's, for the posted flags, the list columns, the CSV columns and the actions.
 * Every per-target name on the wire is made from an entry: the flag `is_posted_to_{target}`, the
 * Detailed Review action `post_to_{target}` ("Post to {label}") and, for a network the Posts list
 * publishes to in bulk, the action `publish_{target}` ("Publish to {label}").
 */
const PUBLISH_TARGET_LIST = [
  { target: 'website', label: 'Website' },
  { target: 'facebook', label: 'Facebook' },
  { target: 'twitter', label: 'Twitter' },
  { target: 'linkedin', label: 'LinkedIn' },
  { target: 'tiktok', label: 'TikTok' },
  { target: 'youtube', label: 'YouTube' },
] as const;

/** Each entry's target, as a tuple in the same order. */
type TargetsOf<List extends readonly unknown[]> = {
  readonly [Index in keyof List]: List[Index] extends { target: infer Target } ? Target : never;
};
/** Each name with a prefix, as a tuple in the same order. */
type Prefixed<Prefix extends string, Names extends readonly string[]> = {
  readonly [Index in keyof Names]: `${Prefix}${Names[Index] & string}`;
};

/** `list` mapped item by item, its length and order kept in the type (`map` answers an array). */
const mapTuple = <const List extends readonly unknown[], Mapped extends readonly unknown[]>(
  list: List,
  each: (item: List[number]) => Mapped[number],
) => list.map(each) as unknown as Mapped;

export const PUBLISH_TARGETS = mapTuple<
  typeof PUBLISH_TARGET_LIST,
  TargetsOf<typeof PUBLISH_TARGET_LIST>
>(PUBLISH_TARGET_LIST, (entry) => entry.target);
export type PublishTarget = (typeof PUBLISH_TARGETS)[number];

export const PUBLISH_TARGET_LABELS = Object.fromEntries(
  PUBLISH_TARGET_LIST.map((entry) => [entry.target, entry.label]),
) as Record<PublishTarget, string>;

/** The targets a publishing job reaches through a network's API (or its generic webhook). */
export type SocialNetwork = Exclude<PublishTarget, 'website'>;
export const SOCIAL_NETWORKS = PUBLISH_TARGETS.filter(
  (target): target is SocialNetwork => target !== 'website',
);
export const isSocialNetwork = (target: string): target is SocialNetwork =>
  (SOCIAL_NETWORKS as readonly string[]).includes(target);

/**
 * The networks the Posts list publishes to in bulk, in its menu's order. The website's own bulk
 * action (`publish_web`) approves as well, so it is one of the lists' actions, not made here.
 */
const POSTS_LIST_NETWORKS = [
  'facebook',
  'tiktok',
  'twitter',
  'linkedin',
] as const satisfies readonly SocialNetwork[];
type PostsListNetwork = (typeof POSTS_LIST_NETWORKS)[number];

/** The flag that says whether a record or variant is posted to a target. */
export function postedFlag(target: PublishTarget) {
  return `is_posted_to_${target}` as const;
}
export type PostedFlag = ReturnType<typeof postedFlag>;

/** The Detailed Review action that posts the selected variants to a target. */
const detailAction = <T extends PublishTarget>(target: T) => `post_to_${target}` as const;
export type DetailPostAction = ReturnType<typeof detailAction<PublishTarget>>;

/** The Posts list's bulk action that publishes the selected posts to a network. */
const bulkPublishAction = <T extends PostsListNetwork>(network: T) => `publish_${network}` as const;
export type BulkPublishAction = ReturnType<typeof bulkPublishAction<PostsListNetwork>>;

export const DETAIL_POST_ACTIONS = mapTuple<
  typeof PUBLISH_TARGETS,
  Prefixed<'post_to_', typeof PUBLISH_TARGETS>
>(PUBLISH_TARGETS, detailAction);
export const BULK_PUBLISH_ACTIONS = mapTuple<
  typeof POSTS_LIST_NETWORKS,
  Prefixed<'publish_', typeof POSTS_LIST_NETWORKS>
>(POSTS_LIST_NETWORKS, bulkPublishAction);

/** The target each Detailed Review posting action posts to. */
export const DETAIL_POST_TARGETS = Object.fromEntries(
  PUBLISH_TARGETS.map((target) => [detailAction(target), target]),
) as Record<DetailPostAction, PublishTarget>;
/** The network each of the Posts list's publishing actions publishes to. */
export const BULK_PUBLISH_TARGETS = Object.fromEntries(
  POSTS_LIST_NETWORKS.map((network) => [bulkPublishAction(network), network]),
) as Record<BulkPublishAction, SocialNetwork>;

export const DETAIL_POST_LABELS = Object.fromEntries(
  PUBLISH_TARGET_LIST.map((entry) => [detailAction(entry.target), `Post to ${entry.label}`]),
) as Record<DetailPostAction, string>;
export const BULK_PUBLISH_LABELS = Object.fromEntries(
  POSTS_LIST_NETWORKS.map((network) => [
    bulkPublishAction(network),
    `Publish to ${PUBLISH_TARGET_LABELS[network]}`,
  ]),
) as Record<BulkPublishAction, string>;

/** Where a record or variant has been posted: 1 yes, 0 no. */
export const postedFlagsSchema = z.object(
  Object.fromEntries(PUBLISH_TARGETS.map((target) => [postedFlag(target), z.number()])) as Record<
    PostedFlag,
    z.ZodNumber
  >,
);
