import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web files share one jsdom per worker (isolate: false: a jsdom per file cost four times the
// suite's own time), so what a test renders, stores, stubs or fakes is undone before the next,
// whatever its file.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
