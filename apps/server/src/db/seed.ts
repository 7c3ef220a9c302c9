import { randomBytes } from 'node:crypto';
import {
  APP_NAME_SETTING,
  DEFAULT_APP_NAME,
  DEFAULT_GUARD,
  PERMISSIONS,
  PUBLISH_TARGET_LABELS,
  SEEDED_ROLES,
  type SettingType,
  type SocialNetwork,
  SUPER_ADMIN_ROLE,
} from '@sitefleet/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords.ts';
import { SESSION_PRUNE_TASK } from '../modules/auth/sessions.ts';
import type { Db } from './client.ts';
import {
  permissions,
  rolePermissions,
  roles,
  scheduledTasks,
  settingGroups,
  settingMainGroups,
  settings,
  userRoles,
  users,
} from './schema.ts';

interface SettingSeed {
  fullPath: string;
  value: string | null;
  type: SettingType;
  description: string;
  isSecret?: boolean;
}

/**
 * A network's generic webhook: with a URL, its publishes go there as JSON instead of to its API,
 * for an automation tool to post.
 */
function socialWebhookSettings(network: SocialNetwork): SettingSeed[] {
  const label = PUBLISH_TARGET_LABELS[network];
  return [
    {
      fullPath: `social.${network}.webhook_url`,
      value: null,
      type: 'url',
      description: `When set, ${label} publishes go as JSON to this address (an automation tool) instead of the ${label} API`,
    },
    {
      fullPath: `social.${network}.webhook_secret`,
      value: null,
      type: 'text',
      description: `Key that signs the ${label} webhook (X-Sitefleet-Signature, HMAC-SHA256 of the body); unsigned when empty`,
      isSecret: true,
    },
  ];
}

/** Application settings by main group and group. */
export const SETTINGS_CATALOG: Record<string, Record<string, SettingSeed[]>> = {
  General: {
    Application: [
      {
        fullPath: APP_NAME_SETTING,
        value: DEFAULT_APP_NAME,
        type: 'text',
        description: 'Name shown in the sidebar, the title and the footer',
      },
      {
        fullPath: 'app.support_email',
        value: 'support@example.com',
        type: 'email',
        description: 'Address operators write to for help',
      },
      {
        fullPath: 'app.per_page',
        value: '15',
        type: 'number',
        description: 'Rows per page in the lists',
      },
    ],
  },
  Publishing: {
    Social: [
      {
        fullPath: 'social.youtube.access_token',
        value: null,
        type: 'text',
        description: 'Google access token for YouTube uploads (set by Login with Google)',
        isSecret: true,
      },
      {
        fullPath: 'social.youtube.refresh_token',
        value: null,
        type: 'text',
        description: 'Google refresh token (set by Login with Google)',
        isSecret: true,
      },
      {
        fullPath: 'social.youtube.expires_at',
        value: null,
        type: 'text',
        description: 'When the Google access token expires (ISO date)',
      },
      {
        fullPath: 'social.youtube.base_url',
        value: 'https://www.googleapis.com',
        type: 'url',
        description: 'Google APIs address that YouTube videos are uploaded to',
      },
      {
        fullPath: 'social.youtube.privacy_status',
        value: 'public',
        type: 'text',
        description:
          'Who sees the uploaded videos: public, unlisted or private (a Google project YouTube has not audited can only upload private)',
      },
      {
        fullPath: 'social.youtube.category_id',
        value: '22',
        type: 'number',
        description: 'YouTube category of the uploaded videos (22 is People & Blogs)',
      },
      ...socialWebhookSettings('youtube'),
      {
        fullPath: 'social.facebook.base_url',
        value: 'https://graph.facebook.com/v23.0',
        type: 'url',
        description: 'Graph API address, ending with the API version Facebook posts are made in',
      },
      {
        fullPath: 'social.facebook.page_id',
        value: null,
        type: 'text',
        description: 'ID of the Facebook Page that publishes the posts',
      },
      {
        fullPath: 'social.facebook.page_access_token',
        value: null,
        type: 'text',
        description: 'Page access token of that Page, with the pages_manage_posts permission',
        isSecret: true,
      },
      ...socialWebhookSettings('facebook'),
      {
        fullPath: 'social.twitter.base_url',
        value: 'https://api.x.com',
        type: 'url',
        description: 'X (Twitter) API address',
      },
      {
        fullPath: 'social.twitter.access_token',
        value: null,
        type: 'text',
        description: 'OAuth 2.0 user access token of the X account, with the tweet.write scope',
        isSecret: true,
      },
      {
        fullPath: 'social.twitter.refresh_token',
        value: null,
        type: 'text',
        description:
          'Its refresh token (the offline.access scope): X access tokens end after 2 hours, and a new one is fetched with it',
        isSecret: true,
      },
      {
        fullPath: 'social.twitter.expires_at',
        value: null,
        type: 'text',
        description: 'When the X access token ends (ISO date); kept up to date by each refresh',
      },
      {
        fullPath: 'social.twitter.client_id',
        value: null,
        type: 'text',
        description: 'OAuth 2.0 client ID of the X app, which refreshes the tokens',
      },
      {
        fullPath: 'social.twitter.client_secret',
        value: null,
        type: 'text',
        description: 'OAuth 2.0 client secret of the X app (none for a public client)',
        isSecret: true,
      },
      ...socialWebhookSettings('twitter'),
      {
        fullPath: 'social.linkedin.base_url',
        value: 'https://api.linkedin.com',
        type: 'url',
        description: 'LinkedIn API address',
      },
      {
        fullPath: 'social.linkedin.api_version',
        value: '202605',
        type: 'text',
        description:
          'LinkedIn-Version of the Posts API (YYYYMM); LinkedIn retires each version a year after it',
      },
      {
        fullPath: 'social.linkedin.author_urn',
        value: null,
        type: 'text',
        description:
          'Who posts: urn:li:organization:{id} for a LinkedIn Page, urn:li:person:{id} for a member',
      },
      {
        fullPath: 'social.linkedin.access_token',
        value: null,
        type: 'text',
        description:
          'Access token of that author, with w_organization_social (Page) or w_member_social (member)',
        isSecret: true,
      },
      ...socialWebhookSettings('linkedin'),
      {
        fullPath: 'social.tiktok.base_url',
        value: 'https://open.tiktokapis.com',
        type: 'url',
        description: 'TikTok API address',
      },
      {
        fullPath: 'social.tiktok.access_token',
        value: null,
        type: 'text',
        description: 'User access token of the TikTok account, with the video.publish scope',
        isSecret: true,
      },
      {
        fullPath: 'social.tiktok.refresh_token',
        value: null,
        type: 'text',
        description:
          'Its refresh token: TikTok access tokens end after 24 hours, and a new one is fetched with it',
        isSecret: true,
      },
      {
        fullPath: 'social.tiktok.expires_at',
        value: null,
        type: 'text',
        description:
          'When the TikTok access token ends (ISO date); kept up to date by each refresh',
      },
      {
        fullPath: 'social.tiktok.client_key',
        value: null,
        type: 'text',
        description: 'Client key of the TikTok app, which refreshes the tokens',
      },
      {
        fullPath: 'social.tiktok.client_secret',
        value: null,
        type: 'text',
        description: 'Client secret of the TikTok app',
        isSecret: true,
      },
      {
        fullPath: 'social.tiktok.photo_url',
        value: null,
        type: 'url',
        description:
          'JPEG or WebP image every TikTok post shows (TikTok has no text-only posts); on a domain verified for the TikTok app',
      },
      {
        fullPath: 'social.tiktok.privacy_level',
        value: 'PUBLIC_TO_EVERYONE',
        type: 'text',
        description:
          'Who sees the TikTok posts: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR or SELF_ONLY (the only choice before TikTok audits the app)',
      },
      ...socialWebhookSettings('tiktok'),
    ],
  },
  Content: {
    'AI Provider': [
      {
        fullPath: 'ai.base_url',
        value: null,
        type: 'url',
        description: 'Base URL of an OpenAI-compatible chat-completions API',
      },
      { fullPath: 'ai.model', value: null, type: 'text', description: 'Model name' },
      {
        fullPath: 'ai.api_key',
        value: null,
        type: 'text',
        description: 'API key of the provider',
        isSecret: true,
      },
    ],
  },
};

async function seedPermissionsAndRoles(db: Db) {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((p) => ({ name: p.name, level: p.level, guardName: DEFAULT_GUARD })))
    .onConflictDoUpdate({
      target: [permissions.name, permissions.guardName],
      set: { level: sql`excluded.level` },
    });
  const permissionIds = new Map(
    (await db.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((p) => [
      p.name,
      p.id,
    ]),
  );
  for (const [roleName, names] of Object.entries(SEEDED_ROLES)) {
    const [existing] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, roleName));
    const isNew = !existing;
    const roleId =
      existing?.id ??
      (await db.insert(roles).values({ name: roleName }).returning({ id: roles.id }))[0]!.id;
    // A seeded role's permissions are set when it is created; the super admin always holds all.
    if (isNew || roleName === SUPER_ADMIN_ROLE) {
      const ids = names.map((name) => permissionIds.get(name)!);
      await db
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    }
  }
}

async function seedSettings(db: Db) {
  for (const [mainName, groups] of Object.entries(SETTINGS_CATALOG)) {
    await db.insert(settingMainGroups).values({ name: mainName }).onConflictDoNothing();
    const [main] = await db
      .select({ id: settingMainGroups.id })
      .from(settingMainGroups)
      .where(eq(settingMainGroups.name, mainName));
    for (const [groupName, entries] of Object.entries(groups)) {
      await db
        .insert(settingGroups)
        .values({ name: groupName, mainGroupId: main!.id })
        .onConflictDoNothing();
      const [group] = await db
        .select({ id: settingGroups.id })
        .from(settingGroups)
        .where(and(eq(settingGroups.name, groupName), eq(settingGroups.mainGroupId, main!.id)));
      await db
        .insert(settings)
        .values(
          entries.map((entry) => ({
            ...entry,
            name: entry.fullPath.split('.').slice(1).join('.'),
            groupId: group!.id,
          })),
        )
        .onConflictDoNothing();
    }
  }
}

/** Creates a user with the named roles, all or nothing. */
export async function createUser(
  db: Db,
  input: { name: string; email: string; password: string; roleNames: string[] },
) {
  const email = input.email.trim().toLowerCase();
  const password = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const found = input.roleNames.length
      ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, input.roleNames))
      : [];
    if (found.length !== new Set(input.roleNames).size) {
      throw new Error(`Unknown role among: ${input.roleNames.join(', ')}`);
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new Error(`A user with the e-mail ${email} already exists.`);
    const [user] = await tx
      .insert(users)
      .values({ name: input.name, email, password })
      .returning({ id: users.id });
    if (found.length > 0) {
      await tx.insert(userRoles).values(found.map((r) => ({ userId: user!.id, roleId: r.id })));
    }
    return user!.id;
  });
}

/**
 * Permissions, roles, settings and the scheduler's own tasks; on an empty database also the
 * first super admin. Safe to run on every start. Answers whether the database was empty.
 */
export async function seedBase(db: Db, admin: { email: string; password: string }) {
  await seedPermissionsAndRoles(db);
  await seedSettings(db);
  await db
    .insert(scheduledTasks)
    .values({ command: SESSION_PRUNE_TASK, nextRun: new Date(Date.now() + 60_000) })
    .onConflictDoNothing();
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return { wasEmpty: false };
  await createUser(db, {
    name: 'Administrator',
    email: admin.email,
    password: admin.password,
    roleNames: [SUPER_ADMIN_ROLE],
  });
  return { wasEmpty: true };
}

export const newWebhookSecret = () => randomBytes(32).toString('base64url');
