import type { EventEmitter } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The server's heap, sized for 150 MB of RSS under load.
 *
 * The young generation is fixed when V8 creates the heap, so it is set on node's command line
 * wherever the compiled server starts (`npm start`, apps/server's `start`, the browser suite's
 * start-server.sh, the benchmark): `--max-semi-space-size=8`, two semi-spaces of 8 MB instead of
 * 16 MB, 16 MB less at rest and under load.
 *
 * How far the old generation may grow past what survived the last full collection before V8
 * collects it again (in percent) is read at every full collection, so it is set here, once
 * running. Left to itself, on a machine with memory to spare, V8 lets it grow up to four times.
 * Under load most of what reaches the old generation is garbage: rows and answers that outlived
 * two young collections while their request waited on the database (some 25 MB/s during an
 * export). The server's RSS climbed from ~125 MB at rest to 190–240 MB under 10 connections
 * before a full collection brought it back. At 20% the full collections come every few hundred
 * milliseconds under load, each a few milliseconds of pause on ~30 MB of live objects.
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Applies HEAP_GROWING_PERCENT to this process, unless the operator set the flag on node's
 * command line (node refuses it in NODE_OPTIONS).
 */
export function limitHeapGrowth() {
  if (process.execArgv.some((flag) => /^--heap[-_]growing[-_]percent/.test(flag))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * How long the server must have answered no request before its heap is settled: past V8's
 * 5-second window of allocation, so that the collection sees the allocation rate low and gives
 * back the young generation's grown space too.
 */
const SETTLE_AFTER_IDLE_MS = 8_000;

/**
 * After a load, V8 keeps the pages it grew: the young generation at its 2 × 8 MB and the old
 * generation's partly filled pages, 25–30 MB over the server's RSS at rest, with the same live
 * objects (heap snapshots before and after a load differ by 2 MB of compiled code). Its own memory
 * reducer gives them back only if the old generation grew past a threshold that the 20% growth
 * limit keeps it under, so after a load it seldom runs. The server therefore runs one compacting
 * full collection once it has been idle SETTLE_AFTER_IDLE_MS after answering requests: about 50 ms
 * of pause while nothing is being answered, once per busy spell.
 */
export function idleSettler(options: { now: () => number; collect: () => void; idleMs: number }) {
  let lastRequestAt = 0;
  let busySinceSettled = false;
  return {
    /** Called as each request arrives. */
    noteRequest() {
      lastRequestAt = options.now();
      busySinceSettled = true;
    },
    /** Called every second: collects once the server has been idle long enough since it was busy. */
    tick() {
      if (!busySinceSettled || options.now() - lastRequestAt < options.idleMs) return;
      busySinceSettled = false;
      options.collect();
    },
  };
}

/** A full collection that compacts the old generation, as V8's memory reducer does. */
function compactingCollection(): () => void {
  setFlagsFromString('--expose-gc');
  // Exposed in contexts made from now on only: the app's own global scope never has `gc`.
  const gc = runInNewContext('gc') as () => void;
  return () => {
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

/** Settles the heap of the process whose HTTP `server` falls idle after requests. */
export function settleHeapWhenIdle(server: Pick<EventEmitter, 'on'>) {
  const settler = idleSettler({
    now: () => performance.now(),
    collect: compactingCollection(),
    idleMs: SETTLE_AFTER_IDLE_MS,
  });
  server.on('request', settler.noteRequest);
  setInterval(settler.tick, 1_000).unref();
}
