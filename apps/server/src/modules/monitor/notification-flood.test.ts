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
    const single = NOTIFICATION_LIMITS.groupAfter;
    const downAlerts = async () =>
      (await admin.get('/api/notifications?per_page=100')).body.data.filter(
        (row: { kind: string }) => row.kind === 'website_down',
      );
    const monitoringOf = (website: { id: number }) =>
      `/admin/websites?settings=${website.id}&tab=monitoring`;
    for (const [index, website] of websites.entries()) {
      for (const _ of [1, 2]) {
        const checked = await admin.post(`/api/websites/${website.id}/monitor/check`);
        expect(checked.status).toBe(200);
      }
      if (index === single) {
        // A group of one website's alert leads to that website's Monitoring tab.
        expect((await downAlerts())[0]).toMatchObject({
          title: NOTIFICATION_MESSAGES.grouped(1, 'website_down'),
          link: monitoringOf(website),
        });
      }
    }
    const list = await admin.get('/api/notifications?per_page=100');
    const down = await downAlerts();
    expect(down).toHaveLength(single + 1);
    const [grouped, ...singles] = down;
    expect(grouped.title).toBe(NOTIFICATION_MESSAGES.grouped(8 - single, 'website_down'));
    expect(grouped.body.split('\n')).toEqual(
      websites.slice(single).map((website) => `${website.name} is down`),
    );
    // Of several websites, it leads to the Websites list; each single one to its own website.
    expect(grouped.link).toBe('/admin/websites');
    expect(singles.map((row: { link: string }) => row.link)).toEqual(
      websites.slice(0, single).map(monitoringOf).reverse(),
    );
    expect(list.body.unread_count).toBe(single + 1);
  });
});
