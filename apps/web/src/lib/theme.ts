import { createPersistedChoice, usePersistedChoice } from './persisted-choice.ts';

export type Theme = 'light' | 'dark';

export const themeChoice = createPersistedChoice<Theme>(
  'sitefleet.theme',
  ['light', 'dark'],
  'light',
);

/** Bootstrap 5.3 (inside AdminLTE 4) switches its colours on this attribute. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
}

/** Keeps the page's theme in step with the stored choice, from start-up on. */
export function syncThemeWithDocument(): void {
  applyTheme(themeChoice.get());
  themeChoice.subscribe(() => applyTheme(themeChoice.get()));
}

export function useTheme() {
  const theme = usePersistedChoice(themeChoice);
  const toggleTheme = () => themeChoice.set(theme === 'light' ? 'dark' : 'light');
  return { theme, toggleTheme };
}
