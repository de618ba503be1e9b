import type { ReactNode } from 'react';
import { THEMES, useSettingsStore, type Theme } from '../config/settings-store';

const ICONS: Record<Theme, ReactNode> = {
  system: (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="1.5" y="2.5" width="13" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M5.5 14h5M8 11.5V14" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  ),
  light: (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="3" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6 13 13M3 13l1.4-1.4M11.6 4.4 13 3" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  ),
  dark: (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M13.5 9.5A5.5 5.5 0 0 1 6.5 2.5a5.5 5.5 0 1 0 7 7Z" fill="none" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  ),
};

const LABEL: Record<Theme, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };

/** System / light / dark: a radio group (native radios, so arrow keys move between them). */
export function ThemeToggle() {
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  return (
    <div className="theme-toggle" role="radiogroup" aria-label="Theme">
      {THEMES.map((t) => (
        <label key={t} className="theme-toggle__item" title={LABEL[t]}>
          <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => setTheme(t)} aria-label={LABEL[t]} />
          {ICONS[t]}
        </label>
      ))}
    </div>
  );
}
