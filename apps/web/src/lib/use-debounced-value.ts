import { SEARCH_DEBOUNCE_MS } from '@sitefleet/contract';
import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delayMs` (300 ms, the search boxes' debounce, by default). */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
