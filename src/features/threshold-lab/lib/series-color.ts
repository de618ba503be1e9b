/** Series colours (lab.css), by position: the settings, then what really happened. */
export function seriesColor(key: string): string {
  return key === 'recorded' ? 'var(--lab-recorded)' : `var(--lab-${key.replace('run', '')})`;
}
