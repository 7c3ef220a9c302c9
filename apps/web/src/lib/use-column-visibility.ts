import type { VisibilityState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';

/** A column that a Display Settings menu can show or hide: its DataTable id and its name. */
export interface ToggleableColumn {
  id: string;
  label: string;
}

/**
 * The ids hidden under `storageKey`; `unchosen` (none by default) when nothing is stored yet, and
 * when what is stored cannot be read.
 */
export function readHiddenColumns(storageKey: string, unchosen: readonly string[] = []): string[] {
  try {
    const stored = localStorage.getItem(storageKey);
    if (stored === null) return [...unchosen];
    const ids: unknown = JSON.parse(stored);
    return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : [...unchosen];
  } catch {
    return [...unchosen];
  }
}

/**
 * Which of a list's columns are shown, kept in localStorage so that the choice survives a reload.
 * The hidden ids are stored rather than the shown ones, so that a column added later shows; a
 * column that is an option (`unchosen`) stays hidden until it is chosen.
 */
export function useColumnVisibility(storageKey: string, unchosen: readonly string[] = []) {
  const [hidden, setHidden] = useState(() => readHiddenColumns(storageKey, unchosen));
  const visibility = useMemo<VisibilityState>(
    () => Object.fromEntries(hidden.map((id) => [id, false])),
    [hidden],
  );

  function replaceHidden(next: string[]) {
    localStorage.setItem(storageKey, JSON.stringify(next));
    setHidden(next);
  }

  function setVisible(id: string, visible: boolean) {
    replaceHidden(visible ? hidden.filter((other) => other !== id) : [...hidden, id]);
  }

  return {
    visibility,
    isVisible: (id: string) => !hidden.includes(id),
    setVisible,
    hidden,
    replaceHidden,
  };
}
