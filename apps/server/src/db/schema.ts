import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const flag = (name: string) => boolean(name).notNull().default(false);
/** A trigram index, so that `ILIKE '%term%'` search boxes use an index. */
const trigram = (name: string, column: Parameters<typeof sql>[1]) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);

// ── Access ────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    trigram('users_name_trgm', t.name),
    trigram('users_email_trgm', t.email),
    index('users_created_at_idx').on(t.createdAt),
    /** The Users list sorted by name, the id breaking ties: a walk that stops after one page. */
    index('users_name_id_idx').on(t.name, t.id),
  ],
);

export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: updatedAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    guardName: text('guard_name').notNull().default('web'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('roles_name_guard_unique').on(t.name, t.guardName),
    trigram('roles_name_trgm', t.name),
  ],
);

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    guardName: text('guard_name').notNull().default('web'),
    level: smallint('level').notNull().default(5),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('permissions_name_guard_unique').on(t.name, t.guardName),
    trigram('permissions_name_trgm', t.name),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission_idx').on(t.permissionId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Random value bound to this session for the Google authorisation's state parameter. */
    oauthState: text('oauth_state'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Secrets the server generates for itself when the environment gives none. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ── Settings ──────────────────────────────────────────────────────────────────────────────────

export const settingMainGroups = pgTable('setting_main_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const settingGroups = pgTable(
  'setting_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mainGroupId: integer('main_group_id')
      .notNull()
      .references(() => settingMainGroups.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('setting_groups_main_name_unique').on(t.mainGroupId, t.name)],
);

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    /** Dotted key, unique: app.name, social.facebook.page_id … */
    fullPath: text('full_path').notNull(),
    name: text('name').notNull(),
    value: text('value'),
    type: text('type').notNull().default('text'),
    description: text('description'),
    /** Secret values are stored encrypted and never sent back in clear. */
    isSecret: boolean('is_secret').notNull().default(false),
    groupId: integer('group_id')
      .notNull()
      .references(() => settingGroups.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('settings_full_path_unique').on(t.fullPath),
    index('settings_group_idx').on(t.groupId),
    trigram('settings_full_path_trgm', t.fullPath),
  ],
);

// ── Websites and instances ────────────────────────────────────────────────────────────────────

export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    status: smallint('status').notNull().default(1),
    hosting: text('hosting').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Billing period in months. */
    duration: integer('duration').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    nextRenewalDate: date('next_renewal_date', { mode: 'string' }),
    webhookSecret: text('webhook_secret').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    trigram('websites_name_trgm', t.name),
    trigram('websites_url_trgm', t.url),
    trigram('websites_hosting_trgm', t.hosting),
    index('websites_created_at_idx').on(t.createdAt),
    index('websites_views_idx').on(t.views),
    /** The Websites list's sorts, the id breaking ties: walks that stop after one page. */
    index('websites_name_id_idx').on(t.name, t.id),
    index('websites_cost_id_idx').on(t.cost, t.id),
    index('websites_next_renewal_date_id_idx').on(t.nextRenewalDate, t.id),
  ],
);

export const websiteSettings = pgTable('website_settings', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  googleAdsense: text('google_adsense'),
  googleAnalytics: text('google_analytics'),
  seoDescription: text('seo_description'),
  seoTitle: text('seo_title'),
  seoKeywords: text('seo_keywords'),
  seoMeta: text('seo_meta'),
  referenceSites: text('reference_sites'),
  categoryPrompt: text('category_prompt'),
  postPrompt: text('post_prompt'),
  categoryRefresh: smallint('category_refresh'),
  categoriesLimit: smallint('categories_limit').notNull().default(0),
  postRefresh: smallint('post_refresh'),
  postsLimit: smallint('posts_limit').notNull().default(0),
  browserRefresh: smallint('browser_refresh'),
  categoryWebhookUrl: text('category_webhook_url'),
  postWebhookUrl: text('post_webhook_url'),
  updatedAt: updatedAt(),
});

export const instances = pgTable(
  'instances',
  {
    id: serial('id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    ipAddress: text('ip_address').notNull(),
    currentState: text('current_state').notNull(),
    /** Time of day, HH:MM, at which the instance's agent runs. */
    gap: text('gap').notNull(),
    region: text('region').notNull(),
    type: text('type').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** SHA-256 of the agent's token; the token itself is shown once. */
    agentTokenHash: text('agent_token_hash'),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('instances_instance_id_unique').on(t.instanceId),
    trigram('instances_instance_id_trgm', t.instanceId),
    trigram('instances_ip_address_trgm', t.ipAddress),
    trigram('instances_region_trgm', t.region),
    index('instances_current_state_idx').on(t.currentState),
    index('instances_created_at_idx').on(t.createdAt),
    /** The Instances list's sorts, the id breaking ties: walks that stop after one page. */
    index('instances_region_id_idx').on(t.region, t.id),
    index('instances_cost_id_idx').on(t.cost, t.id),
  ],
);

export const instanceLogs = pgTable(
  'instance_logs',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    gap: text('gap').notNull(),
    status: text('status').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('instance_logs_instance_created_idx').on(t.instanceId, t.createdAt)],
);

// ── Content ───────────────────────────────────────────────────────────────────────────────────

/** Delivery flags shared by category and post variants. */
const variantFlags = () => ({
  description: text('description').notNull().default(''),
  synced: flag('synced'),
  isApproved: flag('is_approved'),
  isUpdatedAfterPosted: flag('is_updated_after_posted'),
  isPostedToWebsite: flag('is_posted_to_website'),
  isPostedToFacebook: flag('is_posted_to_facebook'),
  isPostedToTwitter: flag('is_posted_to_twitter'),
  isPostedToLinkedin: flag('is_posted_to_linkedin'),
  isPostedToTiktok: flag('is_posted_to_tiktok'),
  isPostedToYoutube: flag('is_posted_to_youtube'),
  /** Bumped on every content change; with the id it is the delivery's idempotency key. */
  version: integer('version').notNull().default(1),
  /**
   * Where each target's delivery stands: `{ "website": { "status": "delivered", "error": null },
   * "facebook": { "status": "failed", "error": "…" } }` (`ai` for a regeneration).
   */
  deliveries: jsonb('deliveries')
    .$type<Record<string, { status: string; error: string | null }>>()
    .notNull()
    .default({}),
  /** Their summary, shown in Detailed Review: queued while any target is, else failed, else delivered. */
  deliveryStatus: text('delivery_status'),
  /** The error of a failed target (or the note of one being retried). */
  deliveryError: text('delivery_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('default'),
    keywords: text('keywords').notNull(),
    status: smallint('status').notNull().default(1),
    isApproved: smallint('is_approved').notNull().default(0),
    autoGoogleSync: smallint('auto_google_sync').notNull().default(0),
    synced: smallint('synced').notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** The category this one was created under (its own_childrens). */
    createdUnderId: integer('created_under_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    trigram('categories_name_trgm', t.name),
    /** The Categories list sorted by name: an ordered walk that stops after one page. */
    index('categories_name_id_idx').on(t.name, t.id),
    index('categories_status_idx').on(t.status),
    index('categories_created_at_idx').on(t.createdAt),
    index('categories_views_idx').on(t.views),
    index('categories_created_under_idx').on(t.createdUnderId),
  ],
);

export const categoryParents = pgTable(
  'category_parents',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.parentId] }),
    index('category_parents_parent_idx').on(t.parentId),
  ],
);

export const categoryVariants = pgTable(
  'category_variants',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ...variantFlags(),
  },
  (t) => [
    uniqueIndex('category_variants_category_website_unique').on(t.categoryId, t.websiteId),
    /** The scheduled retry finds failed deliveries without reading every variant. */
    index('category_variants_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.deliveryStatus} = 'failed'`),
    /** Filters by website, and drives them: a website's category ids without touching rows. */
    index('category_variants_website_category_idx').on(t.websiteId, t.categoryId),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    contentReference: text('content_reference'),
    status: smallint('status').notNull().default(1),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    trigram('posts_title_trgm', t.title),
    index('posts_category_idx').on(t.categoryId),
    index('posts_created_at_idx').on(t.createdAt),
    index('posts_status_idx').on(t.status),
  ],
);

/**
 * How many posts each range of POST_RANGE_SIZE ids holds, kept by triggers on posts (migration
 * 0009): a deep page of the newest-first list starts from the range it falls in instead of
 * walking every newer post, and the unfiltered list's exact total is a sum of these rows.
 */
export const postRanges = pgTable('post_ranges', {
  rangeStart: integer('range_start').primaryKey(),
  posts: integer('posts').notNull(),
});

export const postVariants = pgTable(
  'post_variants',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ...variantFlags(),
  },
  (t) => [
    uniqueIndex('post_variants_post_website_unique').on(t.postId, t.websiteId),
    /** The scheduled retry finds failed deliveries without reading every variant. */
    index('post_variants_failed_idx').on(t.updatedAt).where(sql`${t.deliveryStatus} = 'failed'`),
    /** Filters by website, and drives them: a website's post ids without touching rows. */
    index('post_variants_website_post_idx').on(t.websiteId, t.postId),
  ],
);

// ── Publishing and generation ─────────────────────────────────────────────────────────────────

/**
 * One try at delivering a variant to a target (a website or a social network): what the worker
 * sent, what came back and how long it took. Detailed Review lists them.
 */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: serial('id').primaryKey(),
    /** `category` or `post`: which variants table `variant_id` points into. */
    kind: text('kind').notNull(),
    variantId: integer('variant_id').notNull(),
    /** `website` or a social network. */
    target: text('target').notNull(),
    /** The queue job this attempt ran for; its retries share it. */
    jobId: text('job_id').notNull(),
    /** 1 for the first try of the job. */
    attempt: integer('attempt').notNull(),
    version: integer('version').notNull(),
    /** `delivered` or `failed`. */
    outcome: text('outcome').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The id the network or website gave the published item. */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_attempts_variant_idx').on(t.kind, t.variantId, t.createdAt)],
);

/**
 * What an instance's browser agent is told to generate at its gap time, and what it reported.
 * Each instruction and each report is also an instance-log row.
 */
export const agentInstructions = pgTable(
  'agent_instructions',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** `categories` or `posts`. */
    generate: text('generate').notNull(),
    /** The auto-sync category the new sub-categories or posts go under. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    /** How many records the report may create. */
    limit: integer('limit').notNull(),
    /** `pending` until the agent fetches it, then `sent`, then `reported`. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [index('agent_instructions_instance_status_idx').on(t.instanceId, t.status)],
);

// ── Scheduler ─────────────────────────────────────────────────────────────────────────────────

export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: serial('id').primaryKey(),
    /** Stable identity of the task, e.g. `sessions:prune` or `website:3:category-refresh`. */
    command: text('command').notNull(),
    nextRun: timestamp('next_run', { withTimezone: true }),
    status: text('status').notNull().default('Scheduled'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_tasks_command_unique').on(t.command),
    index('scheduled_tasks_next_run_idx').on(t.nextRun),
  ],
);
