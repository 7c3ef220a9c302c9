import { GAP_OPTIONS, INSTANCE_REGIONS, INSTANCE_TYPES } from '@sitefleet/contract';
import { newWebhookSecret } from '../lib/secrets.ts';
import type { Db } from './client.ts';
import { seedDemoEconomics } from './demo-economics.ts';
import { seedDemoTraffic } from './demo-traffic.ts';
import {
  categories,
  categoryParents,
  categoryVariants,
  instanceLogs,
  instances,
  posts,
  postVariants,
  websiteSettings,
  websites,
} from './schema.ts';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

const WEBSITES = [
  { name: 'Daily Recipes', url: 'https://dailyrecipes.example.com', hosting: 'Hostinger' },
  { name: 'Travel Notes', url: 'https://travelnotes.example.com', hosting: 'DigitalOcean' },
  { name: 'Gadget Reviews', url: 'https://gadgetreviews.example.com', hosting: 'AWS Lightsail' },
  { name: 'Garden Weekly', url: 'https://gardenweekly.example.com', hosting: 'Bluehost' },
  { name: 'Finance Basics', url: 'https://financebasics.example.com', hosting: 'Hetzner' },
];

/** Categories as name → parent names: three levels, one child with two parents. */
const CATEGORY_TREE: [string, string[]][] = [
  ['Food', []],
  ['Travel', []],
  ['Technology', []],
  ['Baking', ['Food']],
  ['Vegetarian', ['Food']],
  ['Bread', ['Baking']],
  ['Europe', ['Travel']],
  ['Asia', ['Travel']],
  ['Street Food', ['Food', 'Asia']],
  ['Phones', ['Technology']],
  ['Laptops', ['Technology']],
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Demo content for a first start, so that every screen shows something. */
export async function seedDemo(db: Db) {
  await db.transaction(async (tx) => {
    const siteRows = await tx
      .insert(websites)
      .values(
        WEBSITES.map((site, i) => ({
          ...site,
          status: i === 3 ? 2 : 1,
          cost: 1499 + i * 1250,
          duration: [12, 6, 12, 3, 24][i]!,
          views: [15230, 8740, 22110, 1200, 5600][i]!,
          nextRenewalDate: isoDate(new Date(Date.now() + [5, 40, 120, 10, 300][i]! * DAY)),
          webhookSecret: newWebhookSecret(),
          createdAt: daysAgo([400, 200, 90, 45, 3][i]!),
        })),
      )
      .returning({ id: websites.id });
    await tx.insert(websiteSettings).values(
      siteRows.map((site, i) => ({
        websiteId: site.id,
        seoTitle: WEBSITES[i]!.name,
        seoKeywords: 'news,guides,reviews',
        categoryRefresh: 24,
        categoriesLimit: 50,
        postRefresh: 12,
        postsLimit: 100,
        browserRefresh: 6,
        categoryPrompt: 'Suggest new categories for {website} about {keywords}.',
        postPrompt: 'Write a post for {website} in the category {category}.',
      })),
    );

    const states = ['running', 'running', 'stopped', 'stopping', 'terminated', 'running'];
    const instanceRows = await tx
      .insert(instances)
      .values(
        states.map((state, i) => ({
          instanceId: `i-0${(0xa3f10 + i * 7919).toString(16)}`,
          ipAddress: `203.0.113.${20 + i}`,
          currentState: state,
          gap: GAP_OPTIONS[(i * 9) % GAP_OPTIONS.length]!,
          region: INSTANCE_REGIONS[i % INSTANCE_REGIONS.length]!,
          type: INSTANCE_TYPES[i % INSTANCE_TYPES.length]!,
          cost: 350 + i * 75,
          createdAt: daysAgo(60 - i * 9),
        })),
      )
      .returning({ id: instances.id, ipAddress: instances.ipAddress, gap: instances.gap });
    await tx.insert(instanceLogs).values(
      instanceRows.flatMap((instance, i) =>
        Array.from({ length: 12 + i * 3 }, (_, n) => ({
          instanceId: instance.id,
          ipAddress: instance.ipAddress,
          gap: instance.gap,
          status: ['instruction sent', 'report received', 'heartbeat'][n % 3]!,
          createdAt: new Date(Date.now() - n * 3_600_000),
        })),
      ),
    );

    const categoryIds = new Map<string, number>();
    for (const [index, [name, parents]] of CATEGORY_TREE.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({
          name,
          slug: slugify(name),
          description: `Articles about ${name.toLowerCase()}.`,
          keywords: `${name.toLowerCase()},guides`,
          isApproved: index % 3 === 0 ? 1 : 0,
          autoGoogleSync: index % 4 === 0 ? 1 : 0,
          synced: index % 2,
          views: 5000 - index * 397,
          createdUnderId: parents[0] ? categoryIds.get(parents[0]) : undefined,
          createdAt: daysAgo(index * 5),
        })
        .returning({ id: categories.id });
      categoryIds.set(name, row!.id);
      if (parents.length > 0) {
        await tx
          .insert(categoryParents)
          .values(
            parents.map((parent) => ({ categoryId: row!.id, parentId: categoryIds.get(parent)! })),
          );
      }
    }
    const siteIdsFor = (index: number) =>
      siteRows.filter((_, s) => (index + s) % 2 === 0 || s === 0).map((s) => s.id);
    const categoryList = [...categoryIds.values()];
    await tx.insert(categoryVariants).values(
      categoryList.flatMap((categoryId, index) =>
        siteIdsFor(index).map((websiteId) => ({
          categoryId,
          websiteId,
          description: `${CATEGORY_TREE[index]![0]} for this website.`,
          isApproved: index % 3 === 0,
          synced: index % 2 === 1,
          isPostedToWebsite: index % 3 === 0,
        })),
      ),
    );

    const postValues = Array.from({ length: 40 }, (_, n) => {
      const categoryIndex = n % categoryList.length;
      const category = CATEGORY_TREE[categoryIndex]![0];
      return {
        title: `${category} guide #${n + 1}`,
        description: `A practical guide to ${category.toLowerCase()}, part ${n + 1}. `
          .repeat(6)
          .trim(),
        contentReference:
          n % 2 === 0 ? `https://reference.example.com/${slugify(category)}/${n + 1}` : null,
        status: n % 7 === 6 ? 2 : 1,
        categoryId: categoryList[categoryIndex]!,
        views: (n * 131) % 900,
        createdAt: daysAgo(n * 2),
      };
    });
    const postRows = await tx.insert(posts).values(postValues).returning({ id: posts.id });
    await tx.insert(postVariants).values(
      postRows.flatMap((post, n) =>
        siteIdsFor(n % categoryList.length).map((websiteId) => ({
          postId: post.id,
          websiteId,
          description: postValues[n]!.description,
          isApproved: n % 2 === 0,
          synced: n % 3 === 0,
          isPostedToWebsite: n % 4 === 0,
          isPostedToFacebook: n % 5 === 0,
          isPostedToTwitter: n % 6 === 0,
        })),
      ),
    );
    await seedDemoTraffic(tx);
    await seedDemoEconomics(
      tx,
      siteRows.map((site) => site.id),
    );
  });
}
