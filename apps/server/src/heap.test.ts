import { describe, expect, it } from 'vitest';
import { idleSettler } from './heap.ts';

/** An idle settler on a clock the test moves, counting its collections. */
function settlerOnClock() {
  let clock = 0;
  let collections = 0;
  const settler = idleSettler({
    now: () => clock,
    collect: () => {
      collections += 1;
    },
    idleMs: 8_000,
  });
  return {
    requestAt(ms: number) {
      clock = ms;
      settler.noteRequest();
    },
    /** The collections so far, once the settler has checked at `ms`. */
    collectionsAt(ms: number) {
      clock = ms;
      settler.tick();
      return collections;
    },
  };
}

describe('idleSettler', () => {
  it('collects once the server has been idle for the delay after a request, and only once', () => {
    const server = settlerOnClock();
    server.requestAt(1_000);
    expect(server.collectionsAt(8_999)).toBe(0);
    expect(server.collectionsAt(9_000)).toBe(1);
    expect(server.collectionsAt(60_000)).toBe(1);
  });

  it('waits while requests keep arriving, and collects again after the next busy spell', () => {
    const server = settlerOnClock();
    for (let ms = 0; ms <= 20_000; ms += 1_000) {
      server.requestAt(ms);
      expect(server.collectionsAt(ms)).toBe(0);
    }
    expect(server.collectionsAt(28_000)).toBe(1);
    server.requestAt(30_000);
    expect(server.collectionsAt(37_999)).toBe(1);
    expect(server.collectionsAt(38_000)).toBe(2);
  });

  it('does not collect in a server that has answered nothing', () => {
    expect(settlerOnClock().collectionsAt(100_000)).toBe(0);
  });
});
