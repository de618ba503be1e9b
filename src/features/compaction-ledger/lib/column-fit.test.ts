import { describe, expect, it } from 'vitest';
import { fitColumns, trackMinWidth, type FitColumn } from './column-fit';

const COLUMNS: FitColumn[] = [
  { id: 'time', minWidth: 100, priority: 0 },
  { id: 'agent', minWidth: 100, priority: 1 },
  { id: 'ratio', minWidth: 50, priority: 3 },
  { id: 'duration', minWidth: 80, priority: 6 },
  { id: 'plugins', minWidth: 100, priority: 3 },
  { id: 'flag', minWidth: 80, priority: 1 },
];

describe('trackMinWidth', () => {
  it('reads fixed and minmax tracks', () => {
    expect(trackMinWidth('118px')).toBe(118);
    expect(trackMinWidth('minmax(140px, 1.6fr)')).toBe(140);
    expect(trackMinWidth('1fr')).toBe(0);
  });
});

describe('fitColumns', () => {
  it('shows everything when it fits, or when the width is not known yet', () => {
    expect(fitColumns(COLUMNS, 510, {})).toEqual({ visibility: {}, autoHidden: [] });
    expect(fitColumns(COLUMNS, null, { ratio: false })).toEqual({ visibility: { ratio: false }, autoHidden: [] });
  });
  it('hides the least important first, the rightmost among equals, only as many as needed', () => {
    expect(fitColumns(COLUMNS, 430, {}).autoHidden).toEqual(['duration']);
    expect(fitColumns(COLUMNS, 400, {}).autoHidden).toEqual(['duration', 'plugins']);
    expect(fitColumns(COLUMNS, 300, {}).autoHidden).toEqual(['duration', 'plugins', 'ratio']);
  });
  it('never hides a priority-0 column, even when nothing else is left to hide', () => {
    const fit = fitColumns(COLUMNS, 50, {});
    expect(fit.visibility.time).toBeUndefined();
    expect(fit.autoHidden).toEqual(['duration', 'plugins', 'ratio', 'flag', 'agent']);
  });
  it('keeps the operator’s choices: a column turned on stays, one turned off frees its width', () => {
    expect(fitColumns(COLUMNS, 430, { duration: true }).autoHidden).toEqual(['plugins']);
    expect(fitColumns(COLUMNS, 430, { plugins: false })).toEqual({ visibility: { plugins: false }, autoHidden: [] });
  });
});
