import { IMPORT_MESSAGES, publishedPathOf, siteHost } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../../db/client.ts';

/**
 * A posts import's `published_urls`: where each website of the post published it, one URL per
 * website, found by its host, as a website's webhook answer would have said (its page views are
 * matched to the post by the URL's path). An undo puts back the URLs the variants had.
 */

const MAX_URL_LENGTH = 2048;

/** A variant's URL before the import set it, for the undo. */
export interface PublishedBefore {
  variant_id: number;
  published_url: string | null;
}

const hostOf = (url: string) => {
  try {
    return siteHost(new URL(url).hostname);
  } catch {
    return null;
  }
};

/** The cell's URLs, each an http(s) URL and each on a host of its own; or what is wrong. */
export function readPublishedUrls(cell: string): { urls: string[] } | { error: string } {
  const urls = cell.split(/\s+/).filter((url) => url !== '');
  const hosts = new Set<string>();
  for (const url of urls) {
    const host = hostOf(url);
    if (url.length > MAX_URL_LENGTH || url.includes('\0') || !host || !publishedPathOf(url)) {
      return { error: IMPORT_MESSAGES.publishedUrlInvalid(url) };
    }
    if (hosts.has(host)) return { error: IMPORT_MESSAGES.publishedUrlTwice(host) };
    hosts.add(host);
  }
  return { urls };
}

/** The hosts of each category's websites, which its posts' URLs must be on. */
export async function categoryHosts(db: Executor, categoryIds: readonly number[]) {
  const rows = await queryRows<{ category_id: number; url: string }>(
    db,
    sql`SELECT cv.category_id, w.url FROM category_variants cv
        JOIN websites w ON w.id = cv.website_id
        WHERE cv.category_id = ANY(${idArray([...new Set(categoryIds)])})`,
  );
  const hosts = new Map<number, Set<string>>();
  for (const row of rows) {
    const host = hostOf(row.url);
    if (!host) continue;
    hosts.set(row.category_id, (hosts.get(row.category_id) ?? new Set()).add(host));
  }
  return (categoryId: number) => hosts.get(categoryId) ?? new Set<string>();
}

/** The first URL whose host none of the category's websites has; none when all are found. */
export const urlOffHosts = (urls: readonly string[], hosts: ReadonlySet<string>) =>
  urls.find((url) => !hosts.has(hostOf(url) ?? ''));

/** Sets the URLs on the post's variants, each on its website's; answers what they had before. */
export async function setPublishedUrls(
  tx: Executor,
  postId: number,
  urls: readonly string[],
): Promise<PublishedBefore[]> {
  if (urls.length === 0) return [];
  const variants = await queryRows<PublishedBefore & { url: string }>(
    tx,
    sql`SELECT pv.id AS variant_id, pv.published_url, w.url FROM post_variants pv
        JOIN websites w ON w.id = pv.website_id
        WHERE pv.post_id = ${postId} ORDER BY pv.id FOR UPDATE OF pv`,
  );
  const before: PublishedBefore[] = [];
  for (const url of urls) {
    const variant = variants.find((one) => hostOf(one.url) === hostOf(url));
    if (!variant || variant.published_url === url) continue;
    before.push({ variant_id: variant.variant_id, published_url: variant.published_url });
    await setVariantUrl(tx, variant.variant_id, url);
  }
  return before;
}

/** Puts back the URLs `setPublishedUrls` answered. */
export async function restorePublishedUrls(tx: Executor, before: readonly PublishedBefore[]) {
  for (const variant of before) await setVariantUrl(tx, variant.variant_id, variant.published_url);
}

const setVariantUrl = (tx: Executor, variantId: number, url: string | null) =>
  tx.execute(
    sql`UPDATE post_variants
        SET published_url = ${url}, published_path = ${url === null ? null : publishedPathOf(url)},
            updated_at = now()
        WHERE id = ${variantId}`,
  );
