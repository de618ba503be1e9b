import { describe, expect, it } from 'vitest';
import type { Schemas } from './contract/types';
import { addUnseen, canStartSpiral, newSpiralsLabel, plainLine, spiralCheckDelay, spiralNotification, watchSpirals, NOTIFICATION_BODY_MAX, SPIRAL_CHECK_GAP_MS } from './spiral-watch';

function spiral(id: string, title = `Session ${id}`): Schemas['SpiralSession'] {
  return { session_id: id, project_id: 'p', title, status: 'idle', events: 5, last_at: null, reasons: [] };
}

describe('watchSpirals', () => {
  it('takes the first report as the baseline: what already spiralled starts nothing', () => {
    expect(watchSpirals(null, [spiral('a'), spiral('b')])).toEqual({ known: ['a', 'b'], started: [] });
  });

  it('names the sessions that were not spiralling in the last report', () => {
    const step = watchSpirals(['a'], [spiral('b', 'Refactor'), spiral('a')]);
    expect(step.started).toEqual([{ sessionId: 'b', title: 'Refactor' }]);
    expect(step.known).toEqual(['b', 'a']);
  });

  it('starts a spiral once however many reports still show it', () => {
    const first = watchSpirals(['a'], [spiral('a'), spiral('b')]);
    const second = watchSpirals(first.known, [spiral('a'), spiral('b')]);
    expect(first.started).toHaveLength(1);
    expect(second.started).toEqual([]);
  });

  it('counts a session that left the report and came back as a new start', () => {
    const left = watchSpirals(['a', 'b'], [spiral('a')]);
    expect(left.started).toEqual([]);
    expect(watchSpirals(left.known, [spiral('a'), spiral('b')]).started.map((s) => s.sessionId)).toEqual(['b']);
  });

  it('names a session listed twice once', () => {
    expect(watchSpirals([], [spiral('a'), spiral('a')]).started).toHaveLength(1);
  });
});

describe('addUnseen', () => {
  it('keeps each session once, the newest title', () => {
    const unseen = addUnseen([{ sessionId: 'a', title: 'old' }, { sessionId: 'b', title: 'b' }], [{ sessionId: 'a', title: 'new' }]);
    expect(unseen).toEqual([{ sessionId: 'b', title: 'b' }, { sessionId: 'a', title: 'new' }]);
  });
});

describe('spiral notification text', () => {
  it('is one line of plain text: control, direction and line characters gone', () => {
    expect(plainLine('a\u202Eb\nc\u0000d\u2028e   f', 50)).toBe('a b c d e f');
  });

  it('is bounded in characters, never splitting one', () => {
    const long = '😀'.repeat(500);
    const line = plainLine(long, 10);
    expect([...line]).toHaveLength(10);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
  });

  it('names the session by title, bounded, tagged by session', () => {
    const note = spiralNotification({ sessionId: 'ses_1', title: `<b>${'x'.repeat(5000)}</b>` });
    expect(note.title).toBe('Compaction spiral started');
    expect(note.body.startsWith('<b>xxx')).toBe(true);
    expect([...note.body].length).toBeLessThanOrEqual(NOTIFICATION_BODY_MAX);
    expect(note.tag).toBe('spiral:ses_1');
  });

  it('falls back to the session id when the title is empty', () => {
    expect(spiralNotification({ sessionId: 'ses_2', title: ' \n ' }).body).toMatch(/^ses_2 \(ses_2\)/);
  });
});

it('labels the count', () => {
  expect(newSpiralsLabel(1)).toBe('1 new spiral');
  expect(newSpiralsLabel(3)).toBe('3 new spirals');
});

describe('pacing the spiral checks', () => {
  it('waits a minute after the last read, not at all once a minute has passed', () => {
    expect(spiralCheckDelay(1_000, 1_000)).toBe(SPIRAL_CHECK_GAP_MS);
    expect(spiralCheckDelay(1_000, 31_000)).toBe(SPIRAL_CHECK_GAP_MS - 30_000);
    expect(spiralCheckDelay(1_000, 1_000 + 5 * SPIRAL_CHECK_GAP_MS)).toBe(0);
    expect(spiralCheckDelay(0, 10_000_000)).toBe(0);
  });

  it('counts only the frames that can start a spiral', () => {
    expect(['compaction.completed', 'compaction.noop', 'compaction.failed', 'compaction.updated'].every(canStartSpiral)).toBe(true);
    expect(['compaction.flagged', 'session.updated', 'checkpoint.created', 'config.changed'].some(canStartSpiral)).toBe(false);
  });
});
