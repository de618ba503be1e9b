import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../test-support/memory-storage';
import type { CompactFormValues } from '../../../domain/compaction/compact-form';
import type { Preview } from '../../../domain/compaction/compact-preview';
import {
  COMPACT_DRAFT_MAX_AGE_MS,
  compactDraftKey,
  forgetCompactDraft,
  keepCompactDraft,
  keepPins,
  loadCompactDraft,
  loadPins,
  pinsKey,
  sameValues,
} from './compact-drafts';

const values = (over: Partial<CompactFormValues> = {}): CompactFormValues => ({
  agentPath: 'primary',
  strategy: 'summarize',
  summarize: true,
  upper: 0.85,
  lower: 0.6,
  prompt: 'config://prompts/default',
  delegatePlugin: null,
  checkpointSubStrategy: 'summarize',
  ...over,
});

const preview = (id: string, sessionId = 'ses_a', at = 1_000): Preview =>
  ({
    id,
    sessionId,
    hash: `h-${id}`,
    request: { agent_path: 'primary', strategy: 'drop' },
    result: { record: { superseded_message_ids: [] } },
    idempotencyKey: `k-${id}`,
    at,
  }) as unknown as Preview;

describe('compact settings drafts', () => {
  it('keeps settings per session and agent and reads them back', () => {
    const store = new MemoryStorage();
    expect(keepCompactDraft('ses_a', values({ strategy: 'drop', upper: 0.7 }), store, 5)).toBe(true);
    keepCompactDraft('ses_a', values({ agentPath: 'primary/sub', lower: 0.3 }), store, 6);
    expect(loadCompactDraft('ses_a', 'primary', store, 10)).toEqual({ values: values({ strategy: 'drop', upper: 0.7 }), updatedAt: 5 });
    expect(loadCompactDraft('ses_a', 'primary/sub', store, 10)?.values.lower).toBe(0.3);
    expect(loadCompactDraft('ses_b', 'primary', store, 10)).toBeNull();
  });

  it('forgets a draft, and drops unreadable, foreign or expired entries', () => {
    const store = new MemoryStorage();
    keepCompactDraft('ses_a', values(), store, 0);
    forgetCompactDraft('ses_a', 'primary', store);
    expect(loadCompactDraft('ses_a', 'primary', store)).toBeNull();

    store.setItem(compactDraftKey('ses_a', 'primary'), '{not json');
    expect(loadCompactDraft('ses_a', 'primary', store)).toBeNull();
    expect(store.getItem(compactDraftKey('ses_a', 'primary'))).toBeNull();

    store.setItem(compactDraftKey('ses_a', 'primary'), JSON.stringify({ values: values({ strategy: 'explode' as never }), updatedAt: 0 }));
    expect(loadCompactDraft('ses_a', 'primary', store, 1)).toBeNull();

    // Another agent's values under this agent's key are not taken.
    store.setItem(compactDraftKey('ses_a', 'primary'), JSON.stringify({ values: values({ agentPath: 'other' }), updatedAt: 0 }));
    expect(loadCompactDraft('ses_a', 'primary', store, 1)).toBeNull();

    keepCompactDraft('ses_a', values(), store, 0);
    expect(loadCompactDraft('ses_a', 'primary', store, COMPACT_DRAFT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('says when the browser would not keep the settings', () => {
    expect(keepCompactDraft('ses_a', values(), new MemoryStorage(10))).toBe(false);
    expect(keepCompactDraft('ses_a', values(), null)).toBe(false);
  });

  it('compares settings field by field', () => {
    expect(sameValues(values(), values())).toBe(true);
    expect(sameValues(values(), values({ lower: 0.61 }))).toBe(false);
    expect(sameValues(values(), values({ delegatePlugin: 'hindsight' }))).toBe(false);
  });
});

describe('pinned proposals', () => {
  it('keeps the pins of a session and reads back only valid, recent ones of that session', () => {
    const store = new MemoryStorage();
    expect(keepPins('ses_a', [preview('p1'), preview('p2')], store)).toBe(true);
    expect(loadPins('ses_a', store, 2_000).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(loadPins('ses_b', store)).toEqual([]);

    store.setItem(pinsKey('ses_a'), JSON.stringify([preview('p1'), { id: 'broken' }, preview('p3', 'ses_b'), preview('old', 'ses_a', 0)]));
    expect(loadPins('ses_a', store, COMPACT_DRAFT_MAX_AGE_MS + 500).map((p) => p.id)).toEqual(['p1']);
  });

  it('removes the entry when nothing is pinned, or when the pins are too large to keep', () => {
    const store = new MemoryStorage(400);
    keepPins('ses_a', [preview('p1')], store);
    expect(loadPins('ses_a', store, 2_000)).toHaveLength(1);
    keepPins('ses_a', [], store);
    expect(store.getItem(pinsKey('ses_a'))).toBeNull();

    keepPins('ses_a', [preview('p1')], store);
    expect(keepPins('ses_a', [preview('p1'), preview('p2'), preview('p3')], store)).toBe(false);
    expect(store.getItem(pinsKey('ses_a'))).toBeNull();
  });
});
