import { useSyncExternalStore } from 'react';
import { createPersistedChoice, usePersistedChoice } from './persisted-choice.ts';

/** What the user chose: a theme, or 'system' to follow the operating system's. */
export type ThemeChoice = 'light' | 'dark' | 'system';
/** The theme the page shows. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICE_LABELS: Record<ThemeChoice, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Follow the system',
};

export const themeChoice = createPersistedChoice<ThemeChoice>(
  'sitefleet.theme',
  ['light', 'dark', 'system'],
  'light',
);

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribeToSystem(listener: () => void): () => void {
  const query = systemDark();
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const systemTheme = (): Theme => (systemDark().matches ? 'dark' : 'light');

const resolve = (choice: ThemeChoice): Theme => (choice === 'system' ? systemTheme() : choice);

/** Bootstrap 5.3 (inside AdminLTE 4) switches its colours on this attribute. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
}

/**
 * Keeps the page's theme in step with the stored choice, and with the system's while the choice
 * is to follow it, from start-up on.
 */
export function syncThemeWithDocument(): void {
  const apply = () => applyTheme(resolve(themeChoice.get()));
  apply();
  themeChoice.subscribe(apply);
  subscribeToSystem(apply);
}

export function useTheme() {
  const choice = usePersistedChoice(themeChoice);
  const system = useSyncExternalStore(subscribeToSystem, systemTheme);
  const theme = choice === 'system' ? system : choice;
  return { choice, theme, setChoice: themeChoice.set };
}
