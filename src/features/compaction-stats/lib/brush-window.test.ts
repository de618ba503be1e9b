import { describe, expect, it } from 'vitest';
import { brushChoice, brushWindow } from './brush-window';

describe('the timeline brush window', () => {
  it('shows the newest events before the operator chooses', () => {
    expect(brushWindow(200, null, 80)).toEqual({ startIndex: 120, endIndex: 199 });
    expect(brushWindow(30, null, 80)).toEqual({ startIndex: 0, endIndex: 29 });
    expect(brushWindow(0, null, 80)).toEqual({ startIndex: 0, endIndex: 0 });
  });

  it('keeps following new events, at the chosen width, when the window ends at the newest', () => {
    const choice = brushChoice(200, 150, 199);
    expect(choice).toEqual({ width: 50, end: null });
    expect(brushWindow(201, choice, 80)).toEqual({ startIndex: 151, endIndex: 200 });
  });

  it('stays where the operator put it when new events arrive', () => {
    const choice = brushChoice(200, 10, 59);
    expect(choice).toEqual({ width: 50, end: 59 });
    expect(brushWindow(260, choice, 80)).toEqual({ startIndex: 10, endIndex: 59 });
  });

  it('stays inside a timeline that became shorter (another agent, a narrower filter)', () => {
    expect(brushWindow(40, { width: 50, end: 120 }, 80)).toEqual({ startIndex: 0, endIndex: 39 });
    expect(brushWindow(100, { width: 20, end: 150 }, 80)).toEqual({ startIndex: 80, endIndex: 99 });
  });
});
