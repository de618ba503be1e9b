import { describe, expect, it } from 'vitest';
import { draftForAddress, parseLabDraft } from './lab-drafts';
import { emptyDraft } from './lab-settings';

const typed = { settings: [{ ...emptyDraft(), label: 'tight', upper: '62' }], includeRecorded: true, from: '[]', updatedAt: 1 };

describe('lab drafts', () => {
  it('reads a stored draft defensively', () => {
    expect(parseLabDraft(JSON.parse(JSON.stringify(typed)))).toEqual(typed);
    expect(parseLabDraft({ ...typed, settings: [] })).toBeNull();
    expect(parseLabDraft({ ...typed, settings: [{ ...emptyDraft(), upper: 62 }] })).toBeNull();
    expect(parseLabDraft({ ...typed, includeRecorded: 'yes' })).toBeNull();
    expect(parseLabDraft('garbage')).toBeNull();
    expect(parseLabDraft({ ...typed, settings: [...typed.settings, ...typed.settings, ...typed.settings, ...typed.settings] })?.settings).toHaveLength(3);
    expect(parseLabDraft({ ...typed, settings: [{ ...emptyDraft(), more: 'x'.repeat(50_000) }] })?.settings[0]?.more).toHaveLength(20_000);
  });

  it('shows the draft unless the address holds other settings than those it was typed over (a link)', () => {
    const run = [{ label: 'tight', set: { upper_threshold: 0.6 } }];
    expect(draftForAddress(typed, { settings: [] })).toBe(typed);
    expect(draftForAddress(typed, { settings: run })).toBeNull();
    expect(draftForAddress({ ...typed, from: JSON.stringify(run) }, { settings: run })).not.toBeNull();
    expect(draftForAddress(null, { settings: [] })).toBeNull();
  });
});
