import { setFlagsFromString } from 'node:v8';

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
