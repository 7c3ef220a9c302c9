import {
  type Ability,
  type ChannelChoice,
  DEFAULT_CHANNEL_CHOICE,
  type NotificationKind,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { holdsAbility } from '../db/abilities.ts';
import { type Executor, queryRows } from '../db/client.ts';

export interface Recipient {
  userId: number;
  channels: ChannelChoice;
}

/**
 * The users `which` picks (a condition on `u.id`), each with the channels they chose for `kind`
 * (every channel when they chose none), by id.
 */
export async function usersWithChannels(
  executor: Executor,
  kind: NotificationKind,
  which: SQL,
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
        WHERE ${which}
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

/**
 * The users who may see a subject: those holding one of `abilities` through a role, or an admin
 * role; each with the channels they chose for `kind`.
 */
export function recipientsOf(
  executor: Executor,
  abilities: readonly Ability[],
  kind: NotificationKind,
): Promise<Recipient[]> {
  return usersWithChannels(executor, kind, holdsAbility(sql`u.id`, abilities));
}
