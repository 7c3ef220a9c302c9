import { useEffect, useRef } from 'react';

/** Ctrl+K, or ⌘K on a Mac, anywhere in the signed-in app. */
export function usePaletteShortcut(onPress: () => void) {
  const latest = useRef(onPress);
  latest.current = onPress;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
