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
const alpha = await createWebsite(admin, { name: 'Reconnected site' });

let made = 0;
const createChannel = (overrides: Record<string, unknown> = {}) => {
  made += 1;
  return created<Channel>(admin, '/api/channels', {
    network: 'facebook',
    name: `Page ${made}`,
    external_id: `account-${made}`,
    access_token: `access-${made}`,
    ...overrides,
  });
};

describe('a channel the network refused to refresh', () => {
  it('is connected again by new tokens or by hand, and by nothing else', async () => {
    const held = await createChannel();
    const disabled = await createChannel({ network: 'twitter' });
    await admin.put(`/api/channels/${disabled.id}`, { status: 'disabled' });
    const refuse = (id: number) =>
      db.execute(
        sql`UPDATE channels SET status = 'needs_reconnect', last_error = 'HTTP 400: invalid_grant' WHERE id = ${id}`,
      );
    await refuse(held.id);
    const renamed = await admin.put(`/api/channels/${held.id}`, { name: 'Renamed only' });
    expect(renamed.body).toMatchObject({
      status: 'needs_reconnect',
      last_error: 'HTTP 400: invalid_grant',
    });
    const reconnected = await admin.put(`/api/channels/${held.id}`, {
      access_token: 'fresh-token',
    });
    expect(reconnected.body).toMatchObject({ status: 'connected', last_error: null });
    await refuse(held.id);
    const byHand = await admin.put(`/api/channels/${held.id}`, { status: 'connected' });
    expect(byHand.body).toMatchObject({ status: 'connected', last_error: null });
    const stillOff = await admin.put(`/api/channels/${disabled.id}`, {
      access_token: 'fresh-token',
    });
    expect(stillOff.body.status).toBe('disabled');
  });

  it('queues again the deliveries it held while it waited for a reconnect', async () => {
    const categoryId = await insertTestCategory(db, 'Held news', [alpha.id]);
    const channel = await createChannel({ website_ids: [alpha.id] });
    await db.execute(
      sql`WITH held AS (UPDATE channels SET status = 'needs_reconnect' WHERE id = ${channel.id})
          INSERT INTO variant_channels (kind, variant_id, channel_id, network, status, error)
          SELECT 'category', v.id, ${channel.id}, 'facebook', 'paused', 'Held'
          FROM category_variants v WHERE v.category_id = ${categoryId}`,
    );
    const deliveries = () =>
      queryRows<{ status: string }>(
        db,
        sql`SELECT status FROM variant_channels WHERE channel_id = ${channel.id}`,
      );
    await admin.put(`/api/channels/${channel.id}`, { name: 'Not reconnected yet' });
    expect(await deliveries()).toEqual([{ status: 'paused' }]);
    await admin.put(`/api/channels/${channel.id}`, { access_token: 'reconnected-token' });
    expect(await deliveries()).toEqual([{ status: 'queued' }]);
  });
});
