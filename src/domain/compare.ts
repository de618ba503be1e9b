/**
 * Identifiers (plugin names, reason keys) in code-unit order: the same on every machine, and no
 * locale data to load. A page's first localeCompare costs 20 to 30 ms (ICU's collator), which the
 * session view's stats would pay on the way to its first screen.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
