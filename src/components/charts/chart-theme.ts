/** Chart colours: CSS variables (set by each chart grid: stats.css, health.css), so light and dark follow the theme. */
export const CHART = {
  bar: 'var(--chart-bar)',
  barStrong: 'var(--chart-bar-strong)',
  upper: 'var(--chart-upper)',
  lower: 'var(--chart-lower)',
  window: 'var(--chart-window)',
  ratio: 'var(--chart-ratio)',
  cost: 'var(--chart-cost)',
  fallback: 'var(--chart-fallback)',
  grid: 'var(--border)',
  axis: 'var(--text-muted)',
  cursor: 'var(--surface-hover)',
} as const;

export const AXIS_TICK = { fill: 'var(--text-muted)', fontSize: 11 } as const;
