import { fillPrompt, splitKeywords } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** What the generator writes when the website has no prompt of its own. */
export const DEFAULT_PROMPTS = {
  category:
    'You write category pages for the website {website}. Category: {category}. Keywords: {keywords}. Sites to take as reference: {reference_sites}.',
  post: 'You write posts for the website {website}, in its category {category}. Keywords: {keywords}. Sites to take as reference: {reference_sites}.',
} as const;

export interface PromptSubject {
  website: { id: number; name: string };
  /** The category written about: the category itself, or the category of the post. */
  categoryId: number;
}

/**
 * The website's category or post prompt (or the default one) with its placeholders filled for a
 * category of that website. {keywords} are the category's, or else the website's SEO keywords.
 */
export async function websitePrompt(
  db: Executor,
  kind: 'category' | 'post',
  subject: PromptSubject,
): Promise<string> {
  const [row] = await queryRows<{
    name: string;
    keywords: string;
    category_prompt: string | null;
    post_prompt: string | null;
    reference_sites: string | null;
    seo_keywords: string | null;
  }>(
    db,
    sql`SELECT c.name, c.keywords, s.category_prompt, s.post_prompt, s.reference_sites,
               s.seo_keywords
        FROM categories c LEFT JOIN website_settings s ON s.website_id = ${subject.website.id}
        WHERE c.id = ${subject.categoryId}`,
  );
  if (!row) throw new Error(`Category ${subject.categoryId} no longer exists`);
  const template =
    (kind === 'category' ? row.category_prompt : row.post_prompt) || DEFAULT_PROMPTS[kind];
  return fillPrompt(template, {
    website: subject.website.name,
    category: row.name,
    keywords: splitKeywords(row.keywords || row.seo_keywords || '').join(', '),
    reference_sites: row.reference_sites ?? '',
  });
}
