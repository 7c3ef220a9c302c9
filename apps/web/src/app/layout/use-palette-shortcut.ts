import { useCallback, useEffect, useRef } from 'react';

/** A key that types a character, not a shortcut. */
const typesCharacter = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Ctrl+K, or ⌘K on a Mac, anywhere in the signed-in app. What is typed between the shortcut and
 * the moment the palette's search field has the focus (its code loads at the first opening) is
 * kept, not lost: `takeTypedAhead` hands it to the field and stops keeping.
 */
export function usePaletteShortcut(onPress: () => void) {
  const latest = useRef(onPress);
  latest.current = onPress;
  const typedAhead = useRef<string | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        typedAhead.current = '';
        latest.current();
      } else if (typedAhead.current !== null && !isEditable(event.target)) {
        if (typesCharacter(event)) {
          event.preventDefault();
          typedAhead.current += event.key;
        } else if (event.key === 'Backspace') {
          event.preventDefault();
          typedAhead.current = typedAhead.current.slice(0, -1);
        }
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return useCallback(() => {
    const typed = typedAhead.current ?? '';
    typedAhead.current = null;
    return typed;
  }, []);
}
