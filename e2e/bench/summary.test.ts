import { describe, expect, it } from 'vitest';
import { probeScript } from './probe';
import { FigureBook, formatMarkdown, formatTable, formatValue, liveLags, median, percentile, RENDERING, summarize, topScripts, type FigureSpec } from './summary';

const timeFigure: FigureSpec = { id: 't', section: 'Navigation', label: 'first row', unit: 'ms', worse: 'higher', goal: { text: '≤ 600 ms', met: (v) => v <= 600 } };

describe('benchmark figures', () => {
  it('takes nearest-rank percentiles, counting a value that never came (Infinity) and skipping NaN', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([3, Number.NaN, 1, 2], 50)).toBe(2);
    expect(percentile([10, 20, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY], 95)).toBe(Number.POSITIVE_INFINITY);
    expect(percentile([], 95)).toBeNaN();
  });

  it('gives the median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('judges a goal on the median and reports the worst run in the figure\'s bad direction', () => {
    const slow = summarize(timeFigure, [500, 700, 550, 580, 2000]);
    expect(slow.median).toBe(580);
    expect(slow.worst).toBe(2000);
    expect(slow.met).toBe(true);
    expect(summarize(timeFigure, [601, 900, 650]).met).toBe(false);
    const rate = summarize({ ...timeFigure, unit: 'per s', worse: 'lower', goal: undefined }, [50, 48, 49]);
    expect(rate.worst).toBe(48);
    expect(rate.met).toBeNull();
  });

  it('collects one value per run per figure, in the order figures first appear', () => {
    const book = new FigureBook();
    const other: FigureSpec = { ...timeFigure, id: 'o', label: 'other', goal: undefined };
    book.add(timeFigure, 1);
    book.add(other, 10);
    book.add(timeFigure, 3);
    expect(book.results().map((r) => [r.id, r.values])).toEqual([
      ['t', [1, 3]],
      ['o', [10]],
    ]);
  });

  it('keeps notes with the part they were taken in', () => {
    const book = new FigureBook();
    book.inPart('lists');
    book.note('a pass taken again on a fresh page');
    book.inPart('peer');
    expect(book.notes('lists')).toEqual(['a pass taken again on a fresh page']);
    expect(book.notes('peer')).toEqual([]);
  });

  it('prints values with their units, n/a and ∞', () => {
    expect(formatValue(1234.4, 'ms')).toBe('1,234 ms');
    expect(formatValue(12.345, 'KB')).toBe('12.3 KB');
    expect(formatValue(0.0421, 'ratio')).toBe('0.0421×');
    expect(formatValue(7, 'count')).toBe('7');
    expect(formatValue(Number.NaN, 'ms')).toBe('n/a');
    expect(formatValue(Number.POSITIVE_INFINITY, 'ms')).toBe('∞');
  });

  it('prints one table with sections, the goals met or not, and notes', () => {
    const tasks: FigureSpec = { ...timeFigure, id: 'tasks', label: 'long tasks', unit: 'count', goal: undefined };
    const results = [
      summarize({ ...timeFigure, note: 'cold load', beside: ['tasks'] }, [700, 800, 900], [1.5, 2.25, 3.9]),
      summarize(tasks, [0, 2, 1]),
      summarize({ ...timeFigure, id: 'x', section: 'Memory', label: 'heap', unit: 'MB', goal: { text: '< 150 MB', met: (v) => v < 150 } }, [90], [2]),
    ];
    const table = formatTable(results, 3);
    expect(table).toContain('median of 3');
    expect(table).toMatch(/^Navigation$/m);
    // min, median, max, the goal on the median, the load averages, the companion's median.
    expect(table).toMatch(/first row\s+700 ms\s+800 ms\s+900 ms\s+≤ 600 ms: NOT MET\s+1.5–3.9\s+long tasks: 1/);
    expect(table).toMatch(/heap \(1 run\)\s+90.0 MB\s+90.0 MB\s+90.0 MB\s+< 150 MB: met\s+2.0/);
    expect(table).toContain('first row: cold load');
    expect(formatMarkdown(results, 3)).toContain('| first row | 700 ms | 800 ms | 900 ms | ≤ 600 ms: **not met** | 1.5–3.9 | long tasks: 1 |');
  });

  it('prints a figure taken later under its own section, not under a repeated heading', () => {
    const results = [
      summarize(timeFigure, [1]),
      summarize({ ...timeFigure, id: 'x', section: 'Memory', label: 'heap', unit: 'MB', goal: undefined }, [90]),
      summarize({ ...timeFigure, id: 'r', label: 'first row ÷ the peer\'s', unit: 'ratio', goal: undefined }, [0.5]),
    ];
    const lines = formatTable(results, 1).split('\n');
    expect(lines.filter((l) => l === 'Navigation')).toHaveLength(1);
    const at = (text: string) => lines.findIndex((l) => l.includes(text));
    expect(at('÷ the peer')).toBeLessThan(at('Memory'));
  });

  it('sums what long frames in a window spent their time on, heaviest first, rendering included', () => {
    const script = (fn: string, duration: number) => ({ invoker: 'DIV.onscroll', source: 'http://x/assets/index.js', fn, charPosition: 42, duration });
    const frames = [
      { start: 0, duration: 80, styleAndLayout: 20, scripts: [script('a', 50)] },
      { start: 100, duration: 90, styleAndLayout: 0, scripts: [script('a', 30), script('b', 60)] },
      { start: 1000, duration: 300, styleAndLayout: 10, scripts: [script('c', 290)] },
    ];
    const costs = topScripts(frames, 0, 500, 10);
    expect(costs.map((c) => [c.script, c.count, c.total, c.worst])).toEqual([
      ['a @ index.js:42 (DIV.onscroll)', 2, 80, 50],
      ['b @ index.js:42 (DIV.onscroll)', 1, 60, 60],
      [RENDERING, 1, 20, 20],
    ]);
    expect(topScripts(frames, 0, 2000, 1)[0]).toMatchObject({ script: 'c @ index.js:42 (DIV.onscroll)', source: 'http://x/assets/index.js', charPosition: 42, invoker: 'DIV.onscroll' });
  });

  it('counts a live event as shown once its row or a newer one appeared', () => {
    // Sent at 0, 10, 20, 30; rows 1 and 3 never painted themselves (pushed down by newer ones).
    expect(liveLags([0, 10, 20, 30], [50, null, 45, null])).toEqual([45, 35, 25, Number.POSITIVE_INFINITY]);
    expect(liveLags([0, 10], [20, 30])).toEqual([20, 20]);
  });

  it('makes an init script that parses as plain JavaScript', () => {
    const script = probeScript({ watch: { first: '[data-x]' }, trackIds: true });
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('"first":"[data-x]"');
  });
});
