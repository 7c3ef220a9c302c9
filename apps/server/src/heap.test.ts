import { describe, expect, it } from 'vitest';
import { idleSettler } from './heap.ts';

describe('idleSettler', () => {
  const setUp = () => {
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
      settler,
      at: (ms: number) => {
        clock = ms;
      },
      collections: () => collections,
    };
  };

  it('collects once the server has been idle for the delay after a request, and only once', () => {
    const { settler, at, collections } = setUp();
    at(1_000);
    settler.noteRequest();
    at(8_999);
    settler.tick();
    expect(collections()).toBe(0);
    at(9_000);
    settler.tick();
    expect(collections()).toBe(1);
    at(60_000);
    settler.tick();
    expect(collections()).toBe(1);
  });

  it('waits while requests keep arriving, and collects again after the next busy spell', () => {
    const { settler, at, collections } = setUp();
    for (let ms = 0; ms <= 20_000; ms += 1_000) {
      at(ms);
      settler.noteRequest();
      settler.tick();
    }
    expect(collections()).toBe(0);
    at(28_000);
    settler.tick();
    expect(collections()).toBe(1);
    at(30_000);
    settler.noteRequest();
    at(38_000);
    settler.tick();
    expect(collections()).toBe(2);
  });

  it('does not collect in a server that has answered nothing', () => {
    const { settler, at, collections } = setUp();
    at(100_000);
    settler.tick();
    expect(collections()).toBe(0);
  });
});
