import { describe, expect, it } from 'vitest';
import { contextParts } from './context';
import { contextChange, describeContextParts, describeContextUse, describeCostParts, figureSource, messagesNotKept } from './describe';

describe('figures in named parts', () => {
  it('names every part of a context, the output reserve included, and their sum', () => {
    expect(describeContextParts(contextParts(39_100, 24_300, 8_192))).toBe('39.1k messages + 24.3k system prompt and tools + 8.2k output reserve = 71.6k');
    expect(describeContextParts(contextParts(39_100, 24_300, 8_192), { short: true, total: false })).toBe('39.1k messages + 24.3k base + 8.2k reserve');
  });

  it('leaves out a part that is zero, but always says the messages', () => {
    expect(describeContextParts(contextParts(0, 0, 8_192))).toBe('0 messages + 8.2k output reserve = 8.2k');
    expect(describeContextParts(contextParts(145_900, 24_351, 0))).toBe('146k messages + 24.4k system prompt and tools = 170k');
    expect(describeContextParts(contextParts(1_200, 0, 0))).toBe('1.2k messages');
  });

  it('says a context has no messages behind its events, instead of "0 messages", and labels what it holds', () => {
    const reserveOnly = contextParts(0, 0, 8_192);
    expect(messagesNotKept(reserveOnly, 240)).toBe(true);
    expect(messagesNotKept(reserveOnly, 0)).toBe(false);
    expect(describeContextUse(reserveOnly, 240)).toBe('no messages kept behind its events · 8.2k = output reserve');
    expect(describeContextUse(reserveOnly, 240, { short: true })).toBe('no messages kept · 8.2k = reserve');
    expect(describeContextUse(contextParts(117_854, 0, 8_192), 45)).toBe('118k messages + 8.2k output reserve');
    expect(describeContextUse(contextParts(79_746, 26_402, 8_192), 1, { short: true })).toBe('79.7k messages + 26.4k base + 8.2k reserve');
  });

  it('writes a compaction’s context change in parts', () => {
    expect(contextChange({ before_parts: contextParts(165_223, 0, 8_192), after_parts: null })).toBe('before: 165k messages + 8.2k output reserve = 173k; after: parts not known');
  });

  it('names the cost parts that cost something, and their total', () => {
    expect(describeCostParts({ input_usd: 0.0123, cache_read_usd: 0.04, cache_write_usd: 0, output_usd: 0.0061 })).toBe('input $0.0123 + cache read $0.0400 + output $0.0061 = $0.0584');
    expect(describeCostParts({ input_usd: 0, cache_read_usd: 0, cache_write_usd: 0, output_usd: 0 })).toBe('$0.00');
    expect(describeCostParts({ input_usd: 2.5, cache_read_usd: 0, cache_write_usd: 0, output_usd: 0 })).toBe('input $2.50');
  });

  it('says where a figure comes from', () => {
    expect(figureSource('recorded').label).toBe('recorded');
    expect(figureSource('estimated').title).toMatch(/estimator/);
    expect(figureSource('not_readable').label).toBe('not readable');
  });
});
