/**
 * The CSV import bench: IMPORT_ROWS new posts (100,000 by default) sent to POST /api/posts/import
 * on the real server, timed from the upload to the job's end, with the server's RSS sampled
 * throughout. The result is checked against SQL (the posts of the import's category, their
 * variants) before any figure is printed; the import is then undone, and that is checked too.
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench:import --workspace @sitefleet/bench
 *   IMPORT_ROWS=1000000 …                   (the memory case)
 *
 * The database needs the bench's admin and at least one website: `npm run seed:large` (a small
 * SEED_SCALE will do).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { rssMegabytes, signIn, startServer } from './measure.ts';

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const POLL_MS = 250;

async function api<T>(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(url + path, {
    method,
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The file: a header and ROWS posts of the category, built in pieces. */
function csvFile(slug: string) {
  const parts: string[] = ['title,description,category\n'];
  const PIECE = 10_000;
  for (let start = 0; start < ROWS; start += PIECE) {
    let piece = '';
    for (let n = start; n < Math.min(start + PIECE, ROWS); n += 1) {
      piece += `Imported post ${n},"The body of imported post ${n}, with a comma",${slug}\n`;
    }
    parts.push(piece);
  }
  return new Blob(parts, { type: 'text/csv' });
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL (PostgreSQL), seeded by npm run seed:large.');
  const database = await openDatabase({ url });
  const server = await startServer({ DATABASE_URL: url });
  let peakMb = rssMegabytes(server.child.pid!);
  const atRestMb = peakMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMegabytes(server.child.pid!));
  }, 250);
  try {
    const cookie = await signIn(server.url);
    const [website] = await api<{ id: number }[]>(server.url, cookie, 'GET', '/api/getAllWebsites');
    if (!website) throw new Error('The database has no website: seed it first.');
    const slug = `import-bench-${Date.now()}`;
    const category = await api<{ id: number }>(server.url, cookie, 'POST', '/api/categories', {
      name: slug,
      slug,
      description: 'The import bench',
      keywords: 'bench',
      websites: [website.id],
    });

    const form = new FormData();
    form.append('file', csvFile(slug), 'import-bench.csv');
    const start = performance.now();
    const started = await fetch(`${server.url}/api/posts/import`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    if (started.status !== 202)
      throw new Error(`import: ${started.status} ${await started.text()}`);
    const { import_id: importId } = (await started.json()) as { import_id: number };
    const uploadedMs = performance.now() - start;
    let state: { status: string; created: number; failed: number; processed: number };
    for (;;) {
      state = await api(server.url, cookie, 'GET', `/api/imports/${importId}`);
      if (state.status === 'done' || state.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const ms = performance.now() - start;

    const [counts] = await queryRows<{ posts: number; variants: number }>(
      database.db,
      sql`SELECT count(DISTINCT p.id)::int AS posts, count(v.id)::int AS variants
          FROM posts p LEFT JOIN post_variants v ON v.post_id = p.id
          WHERE p.category_id = ${category.id}`,
    );
    const wrong = [
      state.status !== 'done' && `status ${state.status}`,
      state.created !== ROWS && `${state.created} created`,
      state.failed !== 0 && `${state.failed} refused`,
      counts!.posts !== ROWS && `SQL counts ${counts!.posts} posts`,
      counts!.variants !== ROWS && `SQL counts ${counts!.variants} variants`,
    ].filter(Boolean);
    if (wrong.length > 0) throw new Error(`${ROWS} rows imported wrong: ${wrong.join(', ')}`);
    console.log(
      JSON.stringify({
        case: `posts import, ${ROWS} rows`,
        seconds: Number((ms / 1000).toFixed(1)),
        upload_seconds: Number((uploadedMs / 1000).toFixed(1)),
        rows_per_sec: Math.round(ROWS / (ms / 1000)),
        server_rss_at_rest_mb: Math.round(atRestMb),
        server_rss_peak_mb: Math.round(peakMb),
      }),
    );

    const undoStart = performance.now();
    await api(server.url, cookie, 'POST', `/api/imports/${importId}/undo`);
    const [left] = await queryRows<{ posts: number }>(
      database.db,
      sql`SELECT count(*)::int AS posts FROM posts WHERE category_id = ${category.id}`,
    );
    if (left!.posts !== 0) throw new Error(`after the undo, SQL counts ${left!.posts} posts`);
    console.log(
      JSON.stringify({
        case: `posts import undo, ${ROWS} rows`,
        seconds: Number(((performance.now() - undoStart) / 1000).toFixed(1)),
      }),
    );
  } finally {
    clearInterval(sampler);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
