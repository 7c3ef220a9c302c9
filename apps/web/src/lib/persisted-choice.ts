import { useSyncExternalStore } from 'react';

/** A small value kept in localStorage (theme, sidebar state) that components can subscribe to. */
export interface PersistedChoice<T extends string> {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPersistedChoice<T extends string>(
  storageKey: string,
  choices: readonly T[],
  fallback: T,
): PersistedChoice<T> {
  const stored = localStorage.getItem(storageKey);
  let current: T = choices.find((choice) => choice === stored) ?? fallback;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      localStorage.setItem(storageKey, next);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function usePersistedChoice<T extends string>(choice: PersistedChoice<T>): T {
  return useSyncExternalStore(choice.subscribe, choice.get);
}
