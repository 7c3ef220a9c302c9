import {
  type Ability,
  ADMIN_ROLE_NAMES,
  type ChannelChoice,
  DEFAULT_CHANNEL_CHOICE,
  type NotificationKind,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';

export interface Recipient {
  userId: number;
  channels: ChannelChoice;
}

/**
 * The users who may see a subject: those holding one of `abilities` through a role, or an admin
 * role; each with the channels they chose for `kind` (every channel when they chose none).
 */
export async function recipientsOf(
  executor: Executor,
  abilities: readonly Ability[],
  kind: NotificationKind,
): Promise<Recipient[]> {
  const rows = await queryRows<{
    id: number;
    in_app: boolean | null;
    email: boolean | null;
    chat: boolean | null;
  }>(
    executor,
    sql`SELECT u.id, np.in_app, np.email, np.chat
        FROM users u
        LEFT JOIN notification_preferences np ON np.user_id = u.id AND np.kind = ${kind}
        WHERE EXISTS (
          SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
          WHERE ur.user_id = u.id
            AND (lower(r.name) IN (${sql.join(
              ADMIN_ROLE_NAMES.map((name) => sql`${name}`),
              sql`, `,
            )})
              OR EXISTS (
                SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                WHERE rp.role_id = r.id
                  AND p.name IN (${sql.join(
                    abilities.map((name) => sql`${name}`),
                    sql`, `,
                  )}))))
        ORDER BY u.id`,
  );
  return rows.map((row) => ({
    userId: row.id,
    channels: {
      in_app: row.in_app ?? DEFAULT_CHANNEL_CHOICE.in_app,
      email: row.email ?? DEFAULT_CHANNEL_CHOICE.email,
      chat: row.chat ?? DEFAULT_CHANNEL_CHOICE.chat,
    },
  }));
}
