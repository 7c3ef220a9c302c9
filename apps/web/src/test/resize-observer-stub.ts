import { vi } from 'vitest';

/** jsdom lays nothing out, so it has no ResizeObserver: one that never reports stands in. */
class SilentResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** Gives the window a ResizeObserver (DataTable watches its size); vi.unstubAllGlobals undoes it. */
export function stubResizeObserver(): void {
  vi.stubGlobal('ResizeObserver', SilentResizeObserver);
}
