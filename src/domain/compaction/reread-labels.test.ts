import { describe, expect, it } from 'vitest';
import { notInSummaryLine, rereadCell, rereadHeadline, rereadMeanCell, rereadOverEvents, rereadRawLine, rereadTitle, type RereadAfter } from './reread-labels';

const measured: RereadAfter = {
  window_turns: 20,
  raw: { calls: 5, tokens: 15_458 },
  adjusted: { calls: 4, tokens: 17_000, files: 4 },
  excluded: { written_since_read: 1, read_before_edit: 0 },
  not_understood: 0,
  not_in_summary: { files: 1, tokens: 531 },
  calls: [],
};

describe('re-read after compaction, in words', () => {
  it('names it for what it is, with the raw count beside and the summary detail', () => {
    expect(rereadHeadline(measured)).toBe('re-read after compaction: 4 files, 17k tokens');
    expect(rereadRawLine(measured)).toBe('raw 5 calls, 15.5k tokens; 1 left out (1 written since read)');
    expect(notInSummaryLine(measured)).toBe('of which not in the summary: 1 file, 531 tokens');
    expect(notInSummaryLine({ ...measured, not_in_summary: null })).toMatch(/not known/);
    expect(rereadTitle(measured)).not.toMatch(/loss|lost/i);
  });

  it('a record without a transcript says not measured, never 0', () => {
    expect(rereadHeadline(null)).toBe('re-read after compaction: not measured');
    expect(rereadCell(null)).toBe('not measured');
    expect(rereadTitle(null)).toMatch(/no(ne)? .*transcript|transcript/);
    expect(rereadOverEvents({ events: 5, reread_events: 0, reread_calls: 0, reread_tokens: 0 })).toBe('not measured');
  });

  it('a measured event with nothing re-read says so, unlike one not measured', () => {
    const none = { ...measured, raw: { calls: 0, tokens: 0 }, adjusted: { calls: 0, tokens: 0, files: 0 }, excluded: { written_since_read: 0, read_before_edit: 0 } };
    expect(rereadCell(none)).toBe('none');
    expect(rereadHeadline(none)).toBe('re-read after compaction: nothing re-read');
    expect(rereadRawLine(none)).toBe('raw 0 calls, 0 tokens; none left out');
  });

  it('calls stand in for files when the re-reads are searches or commands', () => {
    expect(rereadHeadline({ ...measured, adjusted: { calls: 2, tokens: 800, files: 0 } })).toBe('re-read after compaction: 2 calls, 800 tokens');
  });

  it('a breakdown row over the events measured', () => {
    expect(rereadOverEvents({ events: 5, reread_events: 3, reread_calls: 6, reread_tokens: 1_700 })).toBe('1.7k tokens, 6 calls over 3 of 5 events');
    expect(rereadMeanCell({ events: 5, reread_events: 3, reread_tokens: 1_680 })).toBe('560 tok · 3 of 5');
    expect(rereadMeanCell({ events: 5, reread_events: 0, reread_tokens: 0 })).toBe('not measured');
  });
});
