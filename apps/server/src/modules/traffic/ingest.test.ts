import { describe, expect, it, onTestFinished } from 'vitest';
import { startPageViewWriter } from './ingest.ts';
import type { PageView } from './rollup.ts';

/**
 * The beacon's writer while its database is away: every view it took waits, in order, and is
 * written once the database is back; past its bound it takes no more (the route answers 503).
 */

const view = (n: number): PageView => ({
  at: new Date(Date.UTC(2026, 10, 29, 12, 0, n)),
  websiteId: 1,
  path: `/${n}`,
  postId: null,
  categoryId: null,
  visitor: BigInt(n),
  referrer: null,
  device: 'desktop',
});

/** A database that refuses writes while `down`, and keeps the batches it took. */
function database() {
  const state = { down: true, batches: [] as PageView[][], refused: 0 };
  return {
    state,
    async write(views: readonly PageView[]) {
      if (state.down) {
        state.refused += 1;
        throw new Error('connection refused');
      }
      state.batches.push([...views]);
    },
  };
}

/** A database away refuses no view for what it carries: every view is kept. */
const keepingAll = { refusesViews: () => false, onRefused: () => {} };

function writerOn(db: ReturnType<typeof database>, maxBuffered = 5) {
  const errors: number[] = [];
  const writer = startPageViewWriter({
    write: (views) => db.write(views),
    batchSize: 2,
    intervalMs: 60_000,
    maxBuffered,
    onError: (_error, waiting) => errors.push(waiting),
    ...keepingAll,
  });
  onTestFinished(() => void writer.stop());
  return { writer, errors };
}

describe('the page-view writer', () => {
  it('keeps what it took while the database is away, takes nothing past its bound, and writes all of it in order once back', async () => {
    const db = database();
    const { writer, errors } = writerOn(db);
    const taken = [1, 2, 3, 4, 5, 6].map((n) => writer.take(view(n)));
    // The sixth finds five waiting: refused, not kept.
    expect(taken).toEqual([true, true, true, true, true, false]);
    expect(await writer.flush()).toBe(false);
    expect(writer.waiting).toBe(5);
    expect(errors.at(-1)).toBe(5);

    db.state.down = false;
    expect(await writer.flush()).toBe(true);
    expect(writer.waiting).toBe(0);
    expect(db.state.batches.map((batch) => batch.map((one) => one.path))).toEqual([
      ['/1', '/2'],
      ['/3', '/4'],
      ['/5'],
    ]);
    expect(writer.take(view(7))).toBe(true);
  });

  it('writes what waits when it stops, trying again while the database is away', async () => {
    const db = database();
    const writer = startPageViewWriter({
      write: async (views) => {
        await db.write(views);
      },
      batchSize: 1000,
      intervalMs: 10,
      maxBuffered: 100,
      onError: () => {
        // The database comes back after its second refusal.
        if (db.state.refused === 2) db.state.down = false;
      },
      ...keepingAll,
    });
    for (const n of [1, 2, 3]) writer.take(view(n));
    expect(await writer.stop()).toBe(true);
    expect(db.state.refused).toBe(2);
    expect(db.state.batches.flat().map((one) => one.path)).toEqual(['/1', '/2', '/3']);
  });

  it('gives up stopping after its attempts when the database never comes back, and says so', async () => {
    const db = database();
    const writer = startPageViewWriter({
      write: (views) => db.write(views),
      batchSize: 1000,
      intervalMs: 1,
      maxBuffered: 100,
      onError: () => {},
      ...keepingAll,
    });
    writer.take(view(1));
    expect(await writer.stop()).toBe(false);
    expect(writer.waiting).toBe(1);
    expect(db.state.refused).toBe(10);
  });

  it('leaves out a view the database refuses for what it carries, and writes every other one once', async () => {
    const written: string[] = [];
    const refused: string[] = [];
    const poisoned = (views: readonly PageView[]) => views.some((one) => one.path === '/3');
    const writer = startPageViewWriter({
      write: async (views) => {
        if (poisoned(views))
          throw Object.assign(new Error('invalid byte sequence'), { code: '22021' });
        written.push(...views.map((one) => one.path));
      },
      batchSize: 5,
      intervalMs: 60_000,
      maxBuffered: 100,
      onError: () => {},
      refusesViews: (error) => (error as { code?: string }).code === '22021',
      onRefused: (one) => refused.push(one.path),
    });
    onTestFinished(() => void writer.stop());
    for (const n of [1, 2, 3, 4, 5, 6]) writer.take(view(n));
    expect(await writer.flush()).toBe(true);
    expect(written).toEqual(['/1', '/2', '/4', '/5', '/6']);
    expect(refused).toEqual(['/3']);
    expect(writer.waiting).toBe(0);
  });
});
