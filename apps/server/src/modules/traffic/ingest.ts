import type { PageView } from './rollup.ts';

/**
 * The beacon's writer: page views answered 202 wait here and are written in batches, every
 * `intervalMs` or as soon as `batchSize` of them are waiting, one batch at a time. A batch that
 * fails (the database away) goes back to the front and is tried again at the next tick; one the
 * database refuses for a view it carries is written view by view, that view left out; while
 * `maxBuffered` views wait, new ones are refused (the route answers 503, and the browser's
 * beacon is not counted as taken). Stopping writes what waits before the process closes its pool.
 */
export interface PageViewWriterOptions {
  write(views: readonly PageView[]): Promise<void>;
  batchSize: number;
  intervalMs: number;
  maxBuffered: number;
  /** A failed write, with how many views wait: they are kept and tried again. */
  onError(error: unknown, waiting: number): void;
  /**
   * Whether a failed write was refused for the views it carried (not for the database being
   * away): its views are then written one by one, and one refused alone is left out (`onRefused`)
   * rather than holding back every view behind it.
   */
  refusesViews(error: unknown): boolean;
  onRefused(view: PageView, error: unknown): void;
}

/** How many times stopping tries the views still waiting, a tick apart, before it gives up. */
const STOP_ATTEMPTS = 10;

export function startPageViewWriter(options: PageViewWriterOptions) {
  const waiting: PageView[] = [];
  /** The batch being written: it counts against the bound until it is written. */
  let inFlight = 0;
  let writing: Promise<boolean> | undefined;

  /**
   * Writes a batch, or its views one by one when the batch was refused for them; answers what is
   * left to write when the database failed otherwise.
   */
  const writeBatch = async (
    batch: PageView[],
  ): Promise<{ views: PageView[]; error: unknown } | undefined> => {
    try {
      await options.write(batch);
      return undefined;
    } catch (error) {
      if (!options.refusesViews(error)) return { views: batch, error };
      if (batch.length === 1) {
        options.onRefused(batch[0]!, error);
        return undefined;
      }
    }
    for (const [index, view] of batch.entries()) {
      try {
        await options.write([view]);
      } catch (error) {
        if (!options.refusesViews(error)) return { views: batch.slice(index), error };
        options.onRefused(view, error);
      }
    }
    return undefined;
  };

  /** Writes batches until none waits or one fails; answers whether all were written. */
  const drain = async (): Promise<boolean> => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, options.batchSize);
      inFlight = batch.length;
      try {
        const unwritten = await writeBatch(batch);
        if (unwritten) {
          waiting.unshift(...unwritten.views);
          options.onError(unwritten.error, waiting.length);
          return false;
        }
      } finally {
        inFlight = 0;
      }
    }
    return true;
  };
  const flush = () => {
    writing ??= drain().finally(() => {
      writing = undefined;
    });
    return writing;
  };
  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    /** Takes a view to write; false when too many wait already (nothing is kept). */
    take(view: PageView): boolean {
      if (waiting.length + inFlight >= options.maxBuffered) return false;
      waiting.push(view);
      if (waiting.length >= options.batchSize) void flush();
      return true;
    },
    /** The views taken and not written yet. */
    get waiting() {
      return waiting.length + inFlight;
    },
    flush,
    /** Stops the ticks and writes what waits, trying a few times a tick apart. */
    async stop(): Promise<boolean> {
      clearInterval(timer);
      let failures = 0;
      while (waiting.length > 0 || writing) {
        if (await flush()) continue;
        if (++failures === STOP_ATTEMPTS) return false;
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
      }
      return true;
    },
  };
}
export type PageViewWriter = ReturnType<typeof startPageViewWriter>;
