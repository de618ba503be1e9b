import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvChunks, exportFileName, jsonlChunks, toCsv, toJsonl } from './export';
import { makeRecord, makeRecords } from '../../../test-support/test-records';
import { parseCsv } from '../../../test-support/parse-csv';

describe('CSV cells', () => {
  it('writes plain text, numbers and booleans as they are, null as empty', () => {
    expect(csvCell('primary')).toBe('primary');
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it.each(['=SUM(A1:A9)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('neutralises formula-like text %j', (text) => {
    const cell = csvCell(text);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(unquoted).toBe(`'${text}`);
  });

  it('does not touch numbers, even negative ones', () => {
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('CSV files', () => {
  it('has a header and one CRLF row per record, with every column', () => {
    const records = makeRecords(25);
    const rows = parseCsv(toCsv(records));
    expect(rows).toHaveLength(26);
    expect(rows[0]).toEqual(CSV_COLUMNS.map((c) => c.header));
    for (const row of rows) expect(row).toHaveLength(CSV_COLUMNS.length);
  });

  it('round-trips untrusted text (commas, quotes, newlines, formulas)', () => {
    const record = makeRecord({ summary: 'He said "=cmd|\' /C calc\'!A0", then\nleft', operator_notes: '-bad, really' });
    const [header, row] = parseCsv(toCsv([record]));
    const value = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(value('summary')).toBe('He said "=cmd|\' /C calc\'!A0", then\nleft');
    expect(value('operator_notes')).toBe("'-bad, really");
    expect(value('plugins_fired')).toBe('hindsight/pre_compact:inject:331ms; guard-rails/pre_compact:null:2ms');
    expect(value('fallback_chain')).toBe('summarize:ok');
    expect(value('superseded_count')).toBe('3');
  });

  it('carries the re-read after compaction where a transcript measured it, and says not measured (no 0) where not', () => {
    const measured = makeRecord({ id: 'cmp_m', reread_after: { window_turns: 20, raw: { calls: 5, tokens: 15_458 }, adjusted: { calls: 2, tokens: 1_674, files: 2 }, excluded: { written_since_read: 3, read_before_edit: 0 }, not_understood: 0, not_in_summary: { files: 1, tokens: 531 }, calls: [] } });
    const [header, m, n] = parseCsv(toCsv([measured, makeRecord({ id: 'cmp_n', reread_after: null })]));
    const value = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(['reread_after', 'reread_calls', 'reread_files', 'reread_tokens', 'reread_raw_calls', 'reread_raw_tokens', 'reread_not_in_summary_tokens'].map((c) => value(m, c))).toEqual(['measured', '2', '2', '1674', '5', '15458', '531']);
    expect(['reread_after', 'reread_calls', 'reread_tokens', 'reread_raw_tokens'].map((c) => value(n, c))).toEqual(['not measured', '', '', '']);
  });

  it('makes the same text in chunks as in one piece', () => {
    const records = makeRecords(2500);
    const chunks = csvChunks(records, 1000);
    expect(chunks).toHaveLength(4);
    expect(chunks.join('')).toBe(toCsv(records));
  });

  it('is just the header when nothing matches', () => {
    expect(parseCsv(toCsv([]))).toHaveLength(1);
  });
});

describe('JSONL files', () => {
  it('has one full record per line, line breaks inside text escaped', () => {
    const records = makeRecords(12);
    const lines = toJsonl(records).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(12);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(records);
  });

  it('chunks without changing the text', () => {
    const records = makeRecords(1500);
    expect(jsonlChunks(records, 1000).join('')).toBe(toJsonl(records));
    expect(toJsonl([])).toBe('');
  });
});

describe('export file names', () => {
  it('names the session, the filter and the time, with safe characters only', () => {
    const now = new Date('2026-06-01T10:04:05Z');
    expect(exportFileName('ses_4d5611e5-241', 'bad hindsight', 'csv', now)).toBe('compactions-ses_4d5611e5-241-bad_hindsight-20260601T1004.csv');
    expect(exportFileName('ses/../x', '', 'jsonl', now)).toBe('compactions-ses_.._x-20260601T1004.jsonl');
  });
});
