import { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { createWebsite, serverForFile } from '../../../test/fixtures.ts';
import { startLocalSite } from '../../../test/local-sites.ts';

/** Many websites failing at once: each user gets a few notifications, then one grouped message. */
describe('notifications against floods', async () => {
  const server = await serverForFile();
  const admin = await server.admin();

  it('groups the alerts past the first few of a minute into one notification', async () => {
    const closed = await startLocalSite();
    await closed.stop();
    const websites = [];
    for (let index = 0; index < 8; index += 1) {
      websites.push(await createWebsite(admin, { name: `Fleet ${index}`, url: closed.url }));
    }
    for (const website of websites) {
      for (const _ of [1, 2]) {
        const checked = await admin.post(`/api/websites/${website.id}/monitor/check`);
        expect(checked.status).toBe(200);
      }
    }
    const list = await admin.get('/api/notifications?per_page=100');
    const down = list.body.data.filter((row: { kind: string }) => row.kind === 'website_down');
    const single = NOTIFICATION_LIMITS.groupAfter;
    expect(down).toHaveLength(single + 1);
    const [grouped] = down;
    expect(grouped.title).toBe(NOTIFICATION_MESSAGES.grouped(8 - single, 'website_down'));
    expect(grouped.body.split('\n')).toEqual(
      websites.slice(single).map((website) => `${website.name} is down`),
    );
    expect(list.body.unread_count).toBe(single + 1);
  });
});
