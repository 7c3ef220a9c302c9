import {
  AGENT_MESSAGES,
  CATEGORY_MESSAGES,
  INSTANCE_MESSAGES,
  MESSAGES,
  POST_MESSAGES,
} from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import { createCategory, serverForFile } from '../../../test/fixtures.ts';
import type { RequestOptions } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import {
  agentInstructions,
  categories,
  instances,
  posts,
  scheduledTasks,
  websites,
} from '../../db/schema.ts';
import { schedulerTick, type TaskContext } from '../../jobs/scheduler.ts';
import { instanceDispatchTasks } from '../../pipeline/agent/dispatch.ts';
import { DEFAULT_PROMPTS } from '../../pipeline/ai/prompts.ts';
import { LOG_STATUS } from './instructions.ts';
import { dispatchCommand, nextGapTime } from './schedule.ts';

const silentLog = { error: () => {}, warn: () => {}, info: () => {} };
const server = await serverForFile();
const admin = await server.admin();
const context: TaskContext = { ...server.context, log: silentLog };

const db = () => server.database.db;

beforeEach(async () => {
  // Every test chooses among its own websites only; instances take their logs and instructions.
  await db().delete(instances);
  await db().delete(posts);
  await db().delete(categories);
  await db().delete(websites);
});

const GAP = '06:15';
const CATEGORY_PROMPT =
  'List sub-categories of {category} for {website} on {keywords}, like {reference_sites}.';
const POST_PROMPT = 'Write posts for {website} in {category} about {keywords}.';

let sequence = 0;

/** A category of the website with automatic generation on (Auto Google Sync), which agents work on. */
async function createAutoSyncCategory(websiteId: number, name: string) {
  const category = await createCategory(admin, {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    description: `All about ${name}`,
    keywords: 'boots, maps',
    websites: [websiteId],
  });
  await admin.post('/api/categories/action', {
    ids: [category.id],
    action: 'auto_google_sync',
  });
  return category;
}

/** An active website with its settings and, unless told otherwise, one auto-sync category. */
async function createWebsite(settings: Record<string, unknown> = {}, { autoSync = true } = {}) {
  sequence += 1;
  const website = await fixtures.createWebsite(admin, {
    name: `Travel Blog ${sequence}`,
    url: `https://travel${sequence}.example.com`,
    cost: 100,
  });
  const saved = await admin.patch(`/api/websites/${website.id}/update-settings`, {
    categoryPrompt: CATEGORY_PROMPT,
    postPrompt: POST_PROMPT,
    categories_limit: 50,
    postsLimit: 50,
    browserRefresh: 6,
    reference_sites: 'https://lonelyplanet.com',
    ...settings,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const category = autoSync ? await createAutoSyncCategory(website.id, `Hiking ${sequence}`) : null;
  return { ...website, category: category! };
}

/** An instance with its agent: the token as the instance form shows it, and its three calls. */
async function createAgent(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const created = await admin.post('/api/instances', {
    instance_id: `i-agent${sequence}`,
    ip_address: `10.0.0.${sequence % 250}`,
    current_state: 'running',
    gap: GAP,
    region: 'ap-south-1',
    type: 'small',
    cost: 350,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const token = (await admin.post(`/api/instances/${id}/rotate-token`)).body.token as string;
  return { id, token, ...agentCalls(token) };
}

/** An agent's calls with a token; agents send no X-Requested-With header. */
function agentCalls(token: string | null) {
  const client = server.client();
  const options: RequestOptions = {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    withoutCsrfHeader: true,
  };
  return {
    instruction: () => client.get('/api/agent/instruction', options),
    report: (id: number, body: unknown) =>
      client.post(`/api/agent/instructions/${id}/report`, body, options),
    heartbeat: (body: unknown = {}) => client.post('/api/agent/heartbeat', body, options),
  };
}

const dispatchRow = async (instanceId: number) =>
  (
    await db()
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.command, dispatchCommand(instanceId)))
  )[0];

const tick = () => schedulerTick(context, [], [instanceDispatchTasks]);

/** Lets the instance's gap time pass (it was yesterday's), then runs the scheduler. */
async function reachGap(instanceId: number, gap = GAP) {
  await tick();
  const yesterdaysGap = new Date(nextGapTime(gap, new Date()).getTime() - 24 * 60 * 60 * 1000);
  await db()
    .update(scheduledTasks)
    .set({ nextRun: yesterdaysGap })
    .where(eq(scheduledTasks.command, dispatchCommand(instanceId)));
  await tick();
}

const instructionsOf = (instanceId: number) =>
  db()
    .select()
    .from(agentInstructions)
    .where(eq(agentInstructions.instanceId, instanceId))
    .orderBy(agentInstructions.id);

/** The Status column of Instance Detailed Logs, oldest first. */
async function logStatuses(instanceId: number): Promise<string[]> {
  const response = await admin.get(`/api/instance_instructions?instance_id=${instanceId}`);
  expect(response.status).toBe(200);
  return response.body.data.map((log: { status: string }) => log.status).reverse();
}

const reportedCategory = (n: number) => ({
  name: `Mountain Trails ${n}`,
  description: `Trails number ${n}`,
  keywords: 'mountains,trails',
});

describe('agent authentication', () => {
  it('answers 401 with the reason for a missing or unknown token, before reading the body', async () => {
    const calls = [
      (agent: ReturnType<typeof agentCalls>) => agent.instruction(),
      (agent: ReturnType<typeof agentCalls>) => agent.report(1, { nonsense: true }),
      (agent: ReturnType<typeof agentCalls>) => agent.heartbeat({ ip_address: 'nope' }),
    ];
    for (const call of calls) {
      const missing = await call(agentCalls(null));
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ message: AGENT_MESSAGES.tokenMissing });
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      const unknown = await call(agentCalls('not-a-token'));
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual({ message: AGENT_MESSAGES.tokenUnknown });
    }
    const basic = await server
      .client()
      .get('/api/agent/instruction', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.body).toEqual({ message: AGENT_MESSAGES.tokenMissing });
  });

  it('takes no session instead of the token', async () => {
    const response = await admin.get('/api/agent/instruction');
    expect(response.status).toBe(401);
  });

  it('refuses the old token once the instance form rotated it', async () => {
    const agent = await createAgent();
    expect((await agent.instruction()).status).toBe(200);
    const rotated = await admin.post(`/api/instances/${agent.id}/rotate-token`);
    expect((await agent.instruction()).status).toBe(401);
    expect((await agentCalls(rotated.body.token).instruction()).status).toBe(200);
  });
});

describe('the instance dispatch task', () => {
  it("is scheduled at the instance's next gap, and follows an edited gap", async () => {
    const agent = await createAgent();
    await tick();
    const row = (await dispatchRow(agent.id))!;
    expect(row.nextRun).toEqual(nextGapTime(GAP, new Date()));
    expect([row.nextRun!.getHours(), row.nextRun!.getMinutes()]).toEqual([6, 15]);

    const edit = await admin.put(`/api/instances/${agent.id}`, {
      instance_id: `i-edited${agent.id}`,
      ip_address: '10.1.1.1',
      current_state: 'running',
      gap: '18:30',
      region: 'ap-south-1',
      type: 'small',
      cost: 350,
    });
    expect(edit.status).toBe(200);
    await tick();
    const moved = (await dispatchRow(agent.id))!.nextRun!;
    expect(moved).toEqual(nextGapTime('18:30', new Date()));
  });

  it('prepares an instruction at the gap with the filled prompt, then waits for the next gap', async () => {
    const website = await createWebsite();
    const agent = await createAgent();
    await reachGap(agent.id);

    const [instruction] = await instructionsOf(agent.id);
    expect(instruction).toMatchObject({
      websiteId: website.id,
      generate: 'categories',
      categoryId: website.category.id,
      limit: 50,
      status: 'pending',
      prompt: `List sub-categories of ${website.category.name} for ${website.name} on boots, maps, like https://lonelyplanet.com.`,
    });
    const row = (await dispatchRow(agent.id))!;
    expect(row.status).toBe('Scheduled');
    expect(row.nextRun!.getTime()).toBeGreaterThan(Date.now());
    expect(await logStatuses(agent.id)).toEqual([
      LOG_STATUS.prepared(`50 categories under ${website.category.name} for ${website.name}`),
    ]);
  });

  it('fills the default prompt when the website has none, as the AI refresh does', async () => {
    const website = await createWebsite({ categoryPrompt: '' });
    const agent = await createAgent();
    await reachGap(agent.id);
    const [instruction] = await instructionsOf(agent.id);
    expect(instruction!.prompt).toBe(
      DEFAULT_PROMPTS.category
        .replace('{website}', website.name)
        .replace('{category}', website.category.name)
        .replace('{keywords}', 'boots, maps')
        .replace('{reference_sites}', 'https://lonelyplanet.com'),
    );
  });

  it('prepares no second instruction while the first is not reported', async () => {
    await createWebsite();
    const agent = await createAgent();
    await reachGap(agent.id);
    await reachGap(agent.id);
    expect(await instructionsOf(agent.id)).toHaveLength(1);
    expect((await logStatuses(agent.id))[1]).toBe(LOG_STATUS.stillOpen);
  });

  it('says so when there is nothing to generate, and skips an instance that is not running', async () => {
    await createWebsite({ categories_limit: 0, postsLimit: 0 });
    await createWebsite({}, { autoSync: false });
    const inactive = await createWebsite();
    await admin.put(`/api/websites/${inactive.id}`, {
      name: inactive.name,
      url: inactive.url,
      hosting: 'Hetzner',
      cost: 100,
      duration: 12,
      status: 2,
    });
    const agent = await createAgent();
    await reachGap(agent.id);
    expect(await instructionsOf(agent.id)).toEqual([]);
    expect(await logStatuses(agent.id)).toEqual([LOG_STATUS.nothingToDo]);

    await createWebsite();
    const stopped = await createAgent({ current_state: 'stopped' });
    await reachGap(stopped.id);
    expect(await instructionsOf(stopped.id)).toEqual([]);
    expect(await logStatuses(stopped.id)).toEqual([]);
  });

  it('lets the websites take turns, then the kinds, then the categories', async () => {
    const first = await createWebsite();
    const second = await createWebsite({ postsLimit: 0 });
    const camping = await createAutoSyncCategory(first.id, 'Camping');
    const chosen: unknown[] = [];
    for (let turn = 0; turn < 5; turn += 1) {
      const agent = await createAgent();
      await reachGap(agent.id);
      const [instruction] = await instructionsOf(agent.id);
      chosen.push([instruction!.websiteId, instruction!.generate, instruction!.categoryId]);
    }
    expect(chosen).toEqual([
      [first.id, 'categories', first.category.id],
      [second.id, 'categories', second.category.id],
      [first.id, 'posts', first.category.id],
      [second.id, 'categories', second.category.id],
      [first.id, 'categories', camping.id],
    ]);
  });
});

describe('fetching the instruction', () => {
  it('answers none and when the next one comes', async () => {
    const agent = await createAgent();
    await tick();
    const response = await agent.instruction();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      instruction: null,
      next_at: (await dispatchRow(agent.id))!.nextRun!.toISOString(),
    });
  });

  it('answers the instruction with its prompt and browser refresh, marks it sent and logs it once', async () => {
    const website = await createWebsite();
    const agent = await createAgent();
    await reachGap(agent.id);

    const response = await agent.instruction();
    expect(response.status).toBe(200);
    const [stored] = await instructionsOf(agent.id);
    expect(response.body).toEqual({
      instruction: {
        id: stored!.id,
        generate: 'categories',
        website: { id: website.id, name: website.name, url: website.url },
        category: { id: website.category.id, name: website.category.name, keywords: 'boots, maps' },
        prompt: stored!.prompt,
        limit: 50,
        reference_sites: 'https://lonelyplanet.com',
        browser_refresh_hours: 6,
        created_at: stored!.createdAt.toISOString(),
      },
      next_at: nextGapTime(GAP, new Date()).toISOString(),
    });
    expect(stored!.prompt).toContain(`for ${website.name} on boots, maps`);
    expect(stored).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });

    const again = await agent.instruction();
    expect(again.body.instruction.id).toBe(stored!.id);
    const work = `50 categories under ${website.category.name} for ${website.name}`;
    expect(await logStatuses(agent.id)).toEqual([LOG_STATUS.prepared(work), LOG_STATUS.sent(work)]);
    const [log] = (await admin.get(`/api/instance_instructions?instance_id=${agent.id}`)).body.data;
    expect(log).toMatchObject({ ip_address: '127.0.0.1', gap: GAP });
  });
});

describe('reporting', () => {
  /** An instance whose agent holds the categories instruction of a fresh website. */
  async function agentWithInstruction(settings: Record<string, unknown> = {}) {
    const website = await createWebsite(settings);
    const agent = await createAgent();
    await reachGap(agent.id);
    const fetched = await agent.instruction();
    return { website, agent, instruction: fetched.body.instruction as { id: number } };
  }

  /** The sub-categories of a category: their flags, and the websites of their variants. */
  const subCategoriesOf = (parentId: number) =>
    queryRows<{ name: string; slug: string; is_approved: number; variants: string }>(
      db(),
      sql`SELECT c.name, c.slug, c.is_approved,
                 string_agg(v.website_id || ':' || v.is_approved, ',') AS variants
          FROM category_parents cp JOIN categories c ON c.id = cp.category_id
          JOIN category_variants v ON v.category_id = c.id
          WHERE cp.parent_id = ${parentId} GROUP BY c.id ORDER BY c.id`,
    );

  it('creates unapproved sub-categories on the website, closes the instruction and logs it', async () => {
    const { website, agent, instruction } = await agentWithInstruction();
    const response = await agent.report(instruction.id, {
      categories: [reportedCategory(1), reportedCategory(2)],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      instruction_id: instruction.id,
      created: [
        { id: expect.any(Number), name: 'Mountain Trails 1' },
        { id: expect.any(Number), name: 'Mountain Trails 2' },
      ],
      skipped: [],
    });
    const unapprovedHere = `${website.id}:false`;
    expect(await subCategoriesOf(website.category.id)).toEqual([
      {
        name: 'Mountain Trails 1',
        slug: 'mountain-trails-1',
        is_approved: 0,
        variants: unapprovedHere,
      },
      {
        name: 'Mountain Trails 2',
        slug: 'mountain-trails-2',
        is_approved: 0,
        variants: unapprovedHere,
      },
    ]);
    const [stored] = await instructionsOf(agent.id);
    expect(stored).toMatchObject({ status: 'reported', reportedAt: expect.any(Date) });
    expect((await logStatuses(agent.id)).at(-1)).toBe(LOG_STATUS.reported('categories', 2, 0));

    const again = await agent.report(instruction.id, { categories: [reportedCategory(3)] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: AGENT_MESSAGES.alreadyReported });
    expect(await agent.instruction()).toMatchObject({ body: { instruction: null } });
  });

  it('skips names the category already has, and gives a taken slug a suffix', async () => {
    const { website, agent, instruction } = await agentWithInstruction();
    await admin.post('/api/categories', {
      name: 'Elsewhere',
      slug: 'mountain-trails-2',
      description: 'Another category with the slug',
      keywords: 'x',
      websites: [website.id],
    });
    const response = await agent.report(instruction.id, {
      categories: [
        reportedCategory(1),
        { ...reportedCategory(1), name: 'MOUNTAIN TRAILS 1' },
        reportedCategory(2),
      ],
    });
    expect(response.body).toMatchObject({
      created: [{ name: 'Mountain Trails 1' }, { name: 'Mountain Trails 2' }],
      skipped: ['MOUNTAIN TRAILS 1'],
    });
    expect((await subCategoriesOf(website.category.id)).map((row) => row.slug)).toEqual([
      'mountain-trails-1',
      'mountain-trails-2-2',
    ]);
    expect((await logStatuses(agent.id)).at(-1)).toBe(LOG_STATUS.reported('categories', 2, 1));
  });

  it('refuses more than the limit, and creates nothing', async () => {
    const { website, agent, instruction } = await agentWithInstruction();
    const response = await agent.report(instruction.id, {
      categories: Array.from({ length: 51 }, (_, n) => reportedCategory(n)),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      categories: [AGENT_MESSAGES.overLimit(50, 'categories')],
    });
    expect(await subCategoriesOf(website.category.id)).toEqual([]);
    expect((await instructionsOf(agent.id))[0]!.status).toBe('sent');
  });

  it('answers field messages for an invalid report', async () => {
    const { agent, instruction } = await agentWithInstruction();
    const invalid = await agent.report(instruction.id, {
      categories: [
        { name: '', description: 'x', keywords: 'a' },
        { name: 'Lakes', description: '', slug: 'mine' },
      ],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      'categories.0.name': [CATEGORY_MESSAGES.nameRequired],
      'categories.1.description': [CATEGORY_MESSAGES.descriptionRequired],
      'categories.1.keywords': [CATEGORY_MESSAGES.keywordsRequired],
      'categories.1.slug': [MESSAGES.unknownField('categories.1.slug')],
    });

    const wrongKind = await agent.report(instruction.id, {
      posts: [{ title: 'T', description: 'D' }],
    });
    expect(wrongKind.body.errors).toEqual({
      posts: [AGENT_MESSAGES.wrongKind('categories', 'posts')],
      categories: [AGENT_MESSAGES.reportMissing('categories')],
    });
  });

  it("answers 403 for another instance's instruction and 404 for an unknown one", async () => {
    const { agent, instruction } = await agentWithInstruction();
    const stranger = await createAgent();
    const response = await stranger.report(instruction.id, { categories: [] });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: AGENT_MESSAGES.otherInstance });
    expect((await agent.report(999_999, { categories: [] })).status).toBe(404);
  });

  it('creates the posts of a posts instruction in its category, and takes a report over 1 MB', async () => {
    const website = await createWebsite({ categories_limit: 0 });
    const agent = await createAgent();
    await reachGap(agent.id);
    const { instruction } = (await agent.instruction()).body;
    expect(instruction).toMatchObject({
      generate: 'posts',
      category: { id: website.category.id },
      prompt: `Write posts for ${website.name} in ${website.category.name} about boots, maps.`,
    });

    const invalid = await agent.report(instruction.id, {
      posts: [{ title: '', description: 'D', content_reference: 'not a url' }],
    });
    expect(invalid.body.errors).toEqual({
      'posts.0.title': [POST_MESSAGES.titleRequired],
      'posts.0.content_reference': [POST_MESSAGES.contentReferenceInvalid],
    });

    const article = 'A long walk. '.repeat(3000);
    const reported = Array.from({ length: 30 }, (_, n) => ({
      title: `Ten walks ${n}`,
      description: article,
      content_reference: 'https://example.com/walks',
    }));
    expect(JSON.stringify(reported).length).toBeGreaterThan(1024 * 1024);
    const response = await agent.report(instruction.id, { posts: reported });
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    expect(response.body.created).toHaveLength(30);
    const stored = await queryRows<{
      category_id: number;
      content_reference: string;
      website_id: number;
      approved: boolean;
    }>(
      db(),
      sql`SELECT DISTINCT p.category_id, p.content_reference, v.website_id,
                 v.is_approved AS approved
          FROM posts p JOIN post_variants v ON v.post_id = p.id`,
    );
    expect(stored).toEqual([
      {
        category_id: website.category.id,
        content_reference: 'https://example.com/walks',
        website_id: website.id,
        approved: false,
      },
    ]);
    expect((await logStatuses(agent.id)).at(-1)).toBe(LOG_STATUS.reported('posts', 30, 0));
  });
});

describe('the heartbeat', () => {
  const instanceRow = async (id: number) =>
    (await db().select().from(instances).where(eq(instances.id, id)))[0]!;

  it('records the reported address and the time, and answers the next gap and browser refresh', async () => {
    const agent = await createAgent();
    await tick();
    const before = Date.now();
    const response = await agent.heartbeat({ ip_address: '203.0.113.50' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ip_address: '203.0.113.50',
      last_heartbeat_at: expect.any(String),
      next_at: nextGapTime(GAP, new Date()).toISOString(),
      browser_refresh_hours: null,
    });
    const row = await instanceRow(agent.id);
    expect(row.ipAddress).toBe('203.0.113.50');
    expect(row.lastHeartbeatAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.lastHeartbeatAt!.toISOString()).toBe(response.body.last_heartbeat_at);

    await createWebsite({ browserRefresh: 12 });
    await reachGap(agent.id);
    expect((await agent.heartbeat()).body.browser_refresh_hours).toBe(12);
  });

  it("takes the request's address when none is reported", async () => {
    const agent = await createAgent();
    const response = await agent.heartbeat({});
    expect(response.body.ip_address).toBe('127.0.0.1');
    expect((await instanceRow(agent.id)).ipAddress).toBe('127.0.0.1');
  });

  it('refuses an address that is not IPv4, with the instance form message', async () => {
    const agent = await createAgent();
    for (const ip_address of ['256.1.1.1', '::1', 42]) {
      const response = await agent.heartbeat({ ip_address });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ ip_address: [INSTANCE_MESSAGES.ipAddressInvalid] });
    }
  });
});

describe('the OpenAPI description', () => {
  it("lists the agent's routes under their tag, with the bearer token", async () => {
    const { paths, components } = (await server.client().get('/api/docs/json')).body;
    expect(components.securitySchemes.agentToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of [
      ['/api/agent/instruction', 'get'],
      ['/api/agent/instructions/{id}/report', 'post'],
      ['/api/agent/heartbeat', 'post'],
    ] as const) {
      expect(paths[path][method]).toMatchObject({
        tags: ['agent'],
        security: [{ agentToken: [] }],
      });
    }
  });
});
