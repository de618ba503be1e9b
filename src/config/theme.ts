/**
 * The theme: html[data-theme] is 'light' or 'dark'; with the 'system' setting it follows
 * prefers-color-scheme, live.
 */
import { useSettingsStore, type Theme } from './settings-store';

export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Applies the theme now and whenever the setting or the system preference changes. */
export function startThemeSync(root: HTMLElement = document.documentElement): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    root.dataset.theme = resolveTheme(useSettingsStore.getState().theme, media.matches);
  };
  apply();
  media.addEventListener('change', apply);
  const unsubscribe = useSettingsStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) apply();
  });
  return () => {
    media.removeEventListener('change', apply);
    unsubscribe();
  };
}
