import { z } from 'zod';
import type { Ability } from './abilities.ts';

/**
 * The events Sitefleet sends to event subscriptions, each with its description, the payload its
 * `data` carries (a zod schema, answered as JSON Schema by GET /api/event-types) and who may see
 * it: a subscription receives an event only while its owner holds `audience` (or is an admin).
 * Every body is the Standard Webhooks envelope `{ type, timestamp, data }`.
 */

const id = z.number().int().describe('Id');
const websiteIds = z
  .array(z.number().int())
  .describe('The websites the record is on (its variants’ websites, or the website itself)');
const kind = z.enum(['category', 'post']).describe('Category or post');

const post = z.object({
  id,
  title: z.string(),
  category_id: z.number().int(),
  website_ids: websiteIds,
});
const category = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  website_ids: websiteIds,
});
const website = z.object({
  id,
  name: z.string(),
  url: z.string(),
  website_ids: websiteIds,
});
const user = z.object({ id, name: z.string(), email: z.string() });
/** What an update changed: the names of the fields, never their values (some are secrets). */
const changed = { changed: z.array(z.string()).describe('The fields that changed') };
const variantDelivery = z.object({
  kind,
  record_id: z.number().int(),
  variant_id: z.number().int(),
  website_ids: z.array(z.number().int()).describe('The website of the variant (one id)'),
  target: z.string().describe('Where it went: website, or a social network'),
});
/** A website's event: the website and `fields`, kept in the type as each event's own. */
const websiteEvent = <Fields extends z.ZodRawShape = Record<never, never>>(
  fields: Fields = {} as Fields,
) => z.object({ id, name: z.string(), url: z.string(), website_ids: websiteIds, ...fields });

interface EventTypeDefinition {
  description: string;
  data: z.ZodObject;
  audience: Ability;
}

const define = <const T extends Record<string, EventTypeDefinition>>(types: T) => types;

export const EVENT_TYPES = define({
  'post.created': { description: 'A post was created.', data: post, audience: 'post-list' },
  'post.updated': {
    description: 'A post was changed.',
    data: post.extend(changed),
    audience: 'post-list',
  },
  'post.deleted': {
    description: 'A post was deleted (moved to the trash).',
    data: post,
    audience: 'post-list',
  },
  'post.approved': {
    description: 'Post variants were approved.',
    data: post.extend({ variant_ids: z.array(z.number().int()) }),
    audience: 'post-list',
  },
  'post.published': {
    description: 'A post variant was delivered to its website or a social network.',
    data: variantDelivery.extend({ external_id: z.string().nullable() }),
    audience: 'post-list',
  },
  'post.publish_failed': {
    description: 'A post variant failed for good (no retry left, or none can mend it).',
    data: variantDelivery.extend({ error: z.string() }),
    audience: 'post-list',
  },
  'category.created': {
    description: 'A category was created.',
    data: category,
    audience: 'category-list',
  },
  'category.updated': {
    description: 'A category was changed.',
    data: category.extend(changed),
    audience: 'category-list',
  },
  'category.deleted': {
    description: 'A category was deleted (moved to the trash).',
    data: category,
    audience: 'category-list',
  },
  'website.created': {
    description: 'A website was added.',
    data: website,
    audience: 'website-list',
  },
  'website.updated': {
    description: 'A website was changed.',
    data: website.extend(changed),
    audience: 'website-list',
  },
  'website.deleted': {
    description: 'A website was deleted (moved to the trash).',
    data: website,
    audience: 'website-list',
  },
  'website.down': {
    description: 'The monitor found a website down.',
    data: websiteEvent({ error: z.string() }),
    audience: 'website-list',
  },
  'website.up': {
    description: 'A website the monitor found down answers again.',
    data: websiteEvent(),
    audience: 'website-list',
  },
  'certificate.expiring': {
    description: "A website's TLS certificate expires soon.",
    data: websiteEvent({ expires_at: z.string(), days_left: z.number().int() }),
    audience: 'website-list',
  },
  'renewal.due': {
    description: "A website's renewal date is near.",
    data: websiteEvent({ renewal_date: z.string() }),
    audience: 'website-list',
  },
  'delivery.paused': {
    description: "A website's deliveries were paused: after failures, or by a user.",
    data: websiteEvent({ reason: z.string() }),
    audience: 'delivery-list',
  },
  'delivery.recovered': {
    description: "A website's paused deliveries were resumed.",
    data: websiteEvent({ resumed_by: z.enum(['probe', 'user']) }),
    audience: 'delivery-list',
  },
  'channel.needs_reconnect': {
    description:
      "A social channel's network refused to refresh its token: its deliveries wait until it is reconnected.",
    data: z.object({
      id,
      network: z.string(),
      name: z.string(),
      error: z.string(),
      website_ids: websiteIds,
    }),
    audience: 'channel-list',
  },
  'review.stage_changed': {
    description: 'Variants moved to another review stage.',
    data: z.object({
      kind,
      record_id: z.number().int(),
      variant_ids: z.array(z.number().int()),
      website_ids: websiteIds,
      stage: z.string().nullable(),
    }),
    audience: 'post-list',
  },
  'comment.created': {
    description: 'A review comment was written on a category or post.',
    data: z.object({
      kind,
      record_id: z.number().int(),
      comment_id: z.number().int(),
      author: z.string().nullable(),
      body: z.string(),
      website_ids: websiteIds,
    }),
    audience: 'post-list',
  },
  'import.finished': {
    description: 'A CSV import finished.',
    data: z.object({
      id,
      resource: z.string(),
      status: z.string(),
      created: z.number().int(),
      failed: z.number().int(),
    }),
    audience: 'audit-list',
  },
  'user.created': { description: 'A user was created.', data: user, audience: 'user-list' },
  'user.deleted': {
    description: 'A user was deleted (moved to the trash).',
    data: user,
    audience: 'user-list',
  },
  'role.permissions_changed': {
    description: "A role's permissions changed.",
    data: z.object({
      id,
      name: z.string(),
      added: z.array(z.string()),
      removed: z.array(z.string()),
    }),
    audience: 'role-list',
  },
  'scheduled.published': {
    description: 'Scheduled variants came due and were queued for publishing.',
    data: z.object({
      kind,
      record_ids: z.array(z.number().int()),
      variant_ids: z.array(z.number().int()),
      website_ids: z.array(z.number().int()).describe('The websites of the variants'),
    }),
    audience: 'post-list',
  },
  'event.test': {
    description: 'A test event, sent from the subscription’s Send test event.',
    data: z.object({ subscription_id: z.number().int(), message: z.string() }),
    audience: 'event-subscription-manage',
  },
});

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];
/** The types a subscription may choose: every one but the test event, which goes only when asked. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPE_NAMES.filter((type) => type !== 'event.test');

/** The `data` of each event type, as a sender builds it. */
export type EventData<T extends EventType> = z.input<(typeof EVENT_TYPES)[T]['data']>;

/** GET /api/event-types */
export const eventTypeSchema = z.object({
  type: z.string(),
  description: z.string(),
  /** The JSON Schema of the event's `data`. */
  schema: z.record(z.string(), z.unknown()),
});
export const eventTypesAnswerSchema = z.array(eventTypeSchema);
export type EventTypeInfo = z.infer<typeof eventTypeSchema>;

/** Each event type with the JSON Schema of its `data`, as GET /api/event-types answers. */
export const eventTypeCatalogue = (): EventTypeInfo[] =>
  EVENT_TYPE_NAMES.map((type) => ({
    type,
    description: EVENT_TYPES[type].description,
    schema: z.toJSONSchema(EVENT_TYPES[type].data) as Record<string, unknown>,
  }));
