import { openDatabase } from '../src/db/client.ts';
import {
  trafficDaily,
  trafficPages,
  trafficReferrers,
  websiteSettings,
  websites,
} from '../src/db/schema.ts';
import { newWebhookSecret } from '../src/lib/secrets.ts';
import { refreshViews } from '../src/modules/traffic/views.ts';

/**
 * The browser suite's shared server (e2e/start-server.sh): two websites with a week of the
 * beacon's page views in the roll-ups, written in its data directory before it starts, and the
 * websites' views kept from them by the scheduled task's own run. The server's first run of that
 * task is ten minutes after it starts: the Websites list sorts by these views from the start.
 * e2e/tests/traffic.spec.ts reads them.
 */
const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Views per day, oldest first, ending yesterday (multiples of 4: a visitor for every two views,
 * three in four on one page), and what GA4 counted, which ranks them the other way.
 */
const SITES = [
  {
    name: 'Traffic E2E Leader',
    url: 'https://leader.traffic-e2e.example.com',
    views: [8, 16, 24, 32, 40, 48, 56],
    ga4: [10],
  },
  {
    name: 'Traffic E2E Runner-up',
    url: 'https://runner-up.traffic-e2e.example.com',
    views: [4, 4, 4],
    ga4: [100, 100],
  },
];

const database = await openDatabase({ dataDir: process.env.DATA_DIR });
const { db } = database;
for (const site of SITES) {
  const [website] = await db
    .insert(websites)
    .values({
      name: site.name,
      url: site.url,
      hosting: 'E2E Hosting',
      cost: 100,
      duration: 12,
      webhookSecret: newWebhookSecret(),
    })
    .returning({ id: websites.id });
  const websiteId = website!.id;
  await db.insert(websiteSettings).values({ websiteId });
  const days = site.views.map((views, index) => ({
    day: dayAgo(site.views.length - index),
    views,
    visitors: views / 2,
  }));
  await db.insert(trafficDaily).values([
    ...days.map((day) => ({ websiteId, source: 'beacon', ...day })),
    ...site.ga4.map((views, index) => ({
      websiteId,
      source: 'ga4',
      day: dayAgo(site.ga4.length - index),
      views,
      visitors: views / 2,
    })),
  ]);
  // The week's views on two pages (three in four on the first) and from one referrer (half).
  await db.insert(trafficPages).values(
    days.flatMap(({ day, views, visitors }) => [
      { websiteId, source: 'beacon', day, path: '/recipes/soup', views: (views * 3) / 4, visitors },
      { websiteId, source: 'beacon', day, path: '/', views: views / 4, visitors },
    ]),
  );
  await db.insert(trafficReferrers).values(
    days.map(({ day, views }) => ({
      websiteId,
      day,
      domain: 'search.example',
      views: views / 2,
    })),
  );
}
await refreshViews(db);
await database.close();
