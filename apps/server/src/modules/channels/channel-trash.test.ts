import type { Channel } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  created,
  createWebsite,
  insertTestCategory,
  serverForFile,
} from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
const { db } = server.database;

let made = 0;
const createChannel = (fields: Record<string, unknown>) => {
  made += 1;
  return created<Channel>(admin, '/api/channels', {
    network: 'linkedin',
    name: `Trashed ${made}`,
    external_id: `urn:li:organization:${made}`,
    access_token: `token-${made}`,
    ...fields,
  });
};
const channelAt = async (id: number) => (await admin.get(`/api/channels/${id}`)).body as Channel;
const trash = (id: number) => admin.delete(`/api/channels/${id}`);

/** What the variants made of the channel, as the pipeline keeps it. */
const deliveriesOf = async (channelId: number) =>
  (
    await queryRows<{ variant_id: number }>(
      db,
      sql`SELECT variant_id FROM variant_channels WHERE channel_id = ${channelId} ORDER BY 1`,
    )
  ).map((row) => row.variant_id);

describe('a trashed channel', () => {
  it('comes back with its websites and deliveries that still exist, on the default app if its own went', async () => {
    const kept = await createWebsite(admin);
    const closed = await createWebsite(admin);
    const categoryId = await insertTestCategory(db, 'Channel news', [kept.id]);
    const [variant] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM category_variants WHERE category_id = ${categoryId}`,
    );
    const app = await created<{ id: number }>(admin, '/api/social-apps', {
      network: 'linkedin',
      name: 'Gone app',
      client_id: 'gone',
    });
    const channel = await createChannel({
      app_id: app.id,
      is_default: true,
      website_ids: [kept.id, closed.id],
    });
    // A delivered variant, and one of a variant deleted since.
    await db.execute(
      sql`INSERT INTO variant_channels (kind, variant_id, channel_id, network, status)
          VALUES ('category', ${variant!.id}, ${channel.id}, 'linkedin', 'delivered'),
                 ('post', 999999, ${channel.id}, 'linkedin', 'delivered')`,
    );
    expect((await trash(channel.id)).status).toBe(200);
    expect(await deliveriesOf(channel.id)).toEqual([]);
    await admin.delete(`/api/social-apps/${app.id}`);
    await admin.delete(`/api/websites/${closed.id}`);
    const successor = await createChannel({ is_default: true });

    const restored = await admin.post(`/api/trash/channels/${channel.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await channelAt(channel.id)).toMatchObject({
      app_id: null,
      // The network's default since stays the default.
      is_default: false,
      websites: [{ id: kept.id, name: kept.name }],
    });
    expect((await channelAt(successor.id)).is_default).toBe(true);
    expect(await deliveriesOf(channel.id)).toEqual([variant!.id]);
  });

  it("restored with another default of its network, leaves the last deleted the network's default", async () => {
    const first = await createChannel({ network: 'tiktok', is_default: true });
    await trash(first.id);
    const second = await createChannel({ network: 'tiktok', is_default: true });
    await trash(second.id);
    const third = await createChannel({ network: 'tiktok' });
    const restored = await admin.post('/api/trash/channels/restore', {
      ids: [first.id, second.id],
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const defaults = await Promise.all([first, second, third].map((row) => channelAt(row.id)));
    expect(defaults.map((row) => row.is_default)).toEqual([false, true, false]);
  });
});
