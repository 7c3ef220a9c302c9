import {
  categoryCreateSchema,
  joinKeywords,
  postFormSchema,
  WEBSITE_STATUS,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  hasRecordNamed,
  insertGeneratedCategory,
  insertGeneratedPost,
  RECORDS_UNDER,
} from '../../content/generated.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  every,
  type TaskContext,
  type TaskDefinition,
  type TaskSource,
} from '../../jobs/scheduler.ts';
import { websitePrompt } from './prompts.ts';
import { type ChatMessage, completeJson } from './provider.ts';

/**
 * The scheduled refresh of a website: new sub-categories and new posts for its categories with
 * automatic generation on (auto_google_sync), asked of the AI provider. They arrive unapproved,
 * for review. All the answers of a run are gathered first, then saved in one transaction, so a
 * failed or malformed answer saves nothing.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Records asked for in one answer, to keep each answer well inside a model's output length. */
const ANSWER_BATCH = 25;
/** The newest names under a category that the model is shown, so that it proposes others. */
const EXISTING_NAMES_SHOWN = 100;

interface Website {
  id: number;
  name: string;
}

/** A category with automatic generation on, that new records are created under. */
interface Source {
  id: number;
  name: string;
}

/** How one kind of refresh asks for records and creates them. */
interface Refresh<T> {
  kind: 'category' | 'post';
  /** The task's name after `website:{id}:`, and the website settings that drive it. */
  task: string;
  refreshColumn: 'category_refresh' | 'post_refresh';
  limitColumn: 'categories_limit' | 'posts_limit';
  /** Names and creation times of the records already under the category `source` (an id). */
  existing(source: SQL): SQL;
  messages(prompt: string, source: Source, existingNames: string[], count: number): ChatMessage[];
  answer: z.ZodType<T[]>;
  nameOf(proposal: T): string;
  create(tx: Db, website: Website, source: Source, proposal: T): Promise<unknown>;
}

const doNotRepeat = (what: string, names: readonly string[]) =>
  names.length === 0 ? '' : `\nIt already has ${what}; do not repeat them: ${names.join('; ')}`;

const generatedCategorySchema = z.object({
  name: categoryCreateSchema.shape.name,
  description: categoryCreateSchema.shape.description,
  // Asked for as comma-separated text; a list is taken too, as models often answer one.
  keywords: z
    .union([z.string(), z.array(z.string())])
    .transform((keywords) => joinKeywords(typeof keywords === 'string' ? [keywords] : keywords))
    .pipe(categoryCreateSchema.shape.keywords),
});
type GeneratedCategory = z.output<typeof generatedCategorySchema>;

const generatedPostSchema = z.object({
  title: postFormSchema.shape.title,
  description: postFormSchema.shape.description,
});
type GeneratedPost = z.output<typeof generatedPostSchema>;

export const CATEGORY_REFRESH: Refresh<GeneratedCategory> = {
  kind: 'category',
  task: 'category-refresh',
  refreshColumn: 'category_refresh',
  limitColumn: 'categories_limit',
  existing: RECORDS_UNDER.category,
  messages: (prompt, source, existingNames, count) => [
    {
      role: 'system',
      content:
        'You suggest new sub-categories for a website. Answer with JSON only, in exactly this form: {"categories":[{"name":"…","description":"…","keywords":"first keyword, second keyword"}]}',
    },
    {
      role: 'user',
      content: `${prompt}\n\nSuggest ${count} new sub-categories of the category "${source.name}".${doNotRepeat('these sub-categories', existingNames)}`,
    },
  ],
  answer: z.object({ categories: z.array(generatedCategorySchema) }).transform((a) => a.categories),
  nameOf: (proposal) => proposal.name,
  create: (tx, website, source, proposal) =>
    insertGeneratedCategory(tx, { websiteId: website.id, sourceId: source.id }, proposal),
};

export const POST_REFRESH: Refresh<GeneratedPost> = {
  kind: 'post',
  task: 'post-refresh',
  refreshColumn: 'post_refresh',
  limitColumn: 'posts_limit',
  existing: RECORDS_UNDER.post,
  messages: (prompt, source, existingNames, count) => [
    {
      role: 'system',
      content:
        'You write new posts for a website. Answer with JSON only, in exactly this form: {"posts":[{"title":"…","description":"…"}]}',
    },
    {
      role: 'user',
      content: `${prompt}\n\nWrite ${count} new posts for the category "${source.name}".${doNotRepeat('posts with these titles', existingNames)}`,
    },
  ],
  answer: z.object({ posts: z.array(generatedPostSchema) }).transform((a) => a.posts),
  nameOf: (proposal) => proposal.title,
  create: (tx, _website, source, proposal) => insertGeneratedPost(tx, source.id, proposal),
};

/**
 * The website's active categories with automatic generation on, at most `count`: those that got
 * a new record longest ago first, so that a limit smaller than their number reaches each in turn.
 */
function generationSources<T>(db: Db, refresh: Refresh<T>, websiteId: number, count: number) {
  return queryRows<Source>(
    db,
    sql`SELECT c.id, c.name FROM categories c
        WHERE c.auto_google_sync = 1 AND c.status = 1
          AND EXISTS (SELECT 1 FROM category_variants v
                      WHERE v.category_id = c.id AND v.website_id = ${websiteId})
        ORDER BY (SELECT max(e.created_at) FROM (${refresh.existing(sql`c.id`)}) e) NULLS FIRST, c.id
        LIMIT ${count}`,
  );
}

async function existingNames<T>(db: Db, refresh: Refresh<T>, sourceId: number) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT e.name FROM (${refresh.existing(sql`${sourceId}`)}) e
        ORDER BY e.created_at DESC LIMIT ${EXISTING_NAMES_SHOWN}`,
  );
  return rows.map((row) => row.name);
}

/**
 * One run: up to the website's limit of new records, spread over its generation sources. Every
 * answer is asked for first; then one transaction creates the records, skipping names the
 * category already has (or that an earlier answer of the run already gave).
 */
async function runRefresh<T>(context: TaskContext, refresh: Refresh<T>, websiteId: number) {
  const [website] = await queryRows<Website & { record_limit: number }>(
    context.db,
    sql`SELECT w.id, w.name, s.${sql.identifier(refresh.limitColumn)} AS record_limit
        FROM websites w JOIN website_settings s ON s.website_id = w.id
        WHERE w.id = ${websiteId} AND w.status = ${WEBSITE_STATUS.active}`,
  );
  if (!website || website.record_limit === 0) return;
  const limit = website.record_limit;
  const sources = await generationSources(
    context.db,
    refresh,
    website.id,
    Math.ceil(limit / ANSWER_BATCH),
  );
  if (sources.length === 0) return;
  const share = Math.ceil(limit / sources.length);
  const proposals: { source: Source; proposal: T }[] = [];
  for (const source of sources) {
    const prompt = await websitePrompt(context.db, refresh.kind, {
      website,
      categoryId: source.id,
    });
    const names = await existingNames(context.db, refresh, source.id);
    for (let asked = 0; asked < share; asked += ANSWER_BATCH) {
      const count = Math.min(ANSWER_BATCH, share - asked);
      const answer = await completeJson(
        context,
        refresh.messages(prompt, source, names, count),
        refresh.answer,
        website.id,
      );
      for (const proposal of answer.slice(0, count)) {
        proposals.push({ source, proposal });
        names.push(refresh.nameOf(proposal));
      }
    }
  }
  const created = await context.db.transaction(async (tx) => {
    let count = 0;
    for (const { source, proposal } of proposals) {
      if (count === limit) break;
      if (await hasRecordNamed(tx, refresh.kind, source.id, refresh.nameOf(proposal))) continue;
      await refresh.create(tx, website, source, proposal);
      count += 1;
    }
    return count;
  });
  context.log.info({ website: website.id, kind: refresh.kind, created }, 'records generated');
}

interface RefreshSettings {
  website_id: number;
  category_refresh: number | null;
  categories_limit: number;
  post_refresh: number | null;
  posts_limit: number;
}

/** The website's task of this refresh, when it has a refresh interval and a limit above 0. */
function refreshTasks<T>(refresh: Refresh<T>, settings: RefreshSettings): TaskDefinition[] {
  const hours = settings[refresh.refreshColumn];
  if (hours === null || settings[refresh.limitColumn] === 0) return [];
  return [
    {
      command: `website:${settings.website_id}:${refresh.task}`,
      nextRun: every(hours * HOUR_MS),
      run: (context) => runRefresh(context, refresh, settings.website_id),
    },
  ];
}

/** Per active website: the category refresh and the post refresh, every categoryRefresh / postRefresh hours. */
export const websiteRefreshTasks: TaskSource = async (context) => {
  const rows = await queryRows<RefreshSettings>(
    context.db,
    sql`SELECT s.website_id, s.category_refresh, s.categories_limit, s.post_refresh, s.posts_limit
        FROM website_settings s JOIN websites w ON w.id = s.website_id
        WHERE w.status = ${WEBSITE_STATUS.active}
        ORDER BY s.website_id`,
  );
  return rows.flatMap((settings) => [
    ...refreshTasks(CATEGORY_REFRESH, settings),
    ...refreshTasks(POST_REFRESH, settings),
  ]);
};
