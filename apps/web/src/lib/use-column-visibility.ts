import type { VisibilityState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';

/** A column that a Display Settings menu can show or hide: its DataTable id and its name. */
export interface ToggleableColumn {
  id: string;
  label: string;
}

/** The ids hidden under `storageKey`; anything unreadable counts as none hidden. */
export function readHiddenColumns(storageKey: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Which of a list's columns are shown, kept in localStorage so that the choice survives a reload.
 * The hidden ids are stored rather than the shown ones, so that a column added later shows.
 */
export function useColumnVisibility(storageKey: string) {
  const [hidden, setHidden] = useState(() => readHiddenColumns(storageKey));
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
