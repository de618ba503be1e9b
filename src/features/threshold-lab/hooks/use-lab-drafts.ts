import { useState } from 'react';
import { readEntry, writeEntry } from '../../../lib/browser-entries';
import { addressSettings, draftForAddress, LAB_DRAFT_PREFIX, parseLabDraft } from '../lib/lab-drafts';
import { emptyDraft, settingToDraft, type LabSearch, type ReplaySetting, type SettingDraft } from '../lib/lab-settings';

/** A first visit starts with the agent's own settings beside a tighter pair of thresholds. */
const STARTER: SettingDraft[] = [{ ...emptyDraft(), label: 'As configured' }, { ...emptyDraft(), label: 'Earlier', upper: '70', lower: '45' }];

/**
 * The lab form's settings and "also apply the recorded compactions", as typed: from the address
 * (a link), else as last typed in this browser for the session (lib/lab-drafts), else the starter
 * pair; every change is kept at once. `reset` goes back to the starter pair (kept too: a reload
 * shows what the operator last saw).
 */
export function useLabDrafts(sessionId: string, search: LabSearch) {
  const [initial] = useState(() => draftForAddress(readEntry(LAB_DRAFT_PREFIX, sessionId, parseLabDraft), search));
  const [settings, setSettings] = useState<SettingDraft[]>(() => initial?.settings ?? (search.settings.length > 0 ? search.settings.map(settingToDraft) : STARTER));
  const [includeRecorded, setIncludeRecorded] = useState(initial?.includeRecorded ?? search.includeRecorded);
  const [from, setFrom] = useState(() => initial?.from ?? addressSettings(search));

  const keep = (next: SettingDraft[], nextInclude: boolean, nextFrom: string = from) => {
    setSettings(next);
    setIncludeRecorded(nextInclude);
    setFrom(nextFrom);
    writeEntry(LAB_DRAFT_PREFIX, sessionId, { settings: next, includeRecorded: nextInclude, from: nextFrom, updatedAt: Date.now() });
  };
  return {
    settings,
    includeRecorded,
    /** Whether the form differs from the starter pair (what reset goes back to). */
    changed: includeRecorded || JSON.stringify(settings) !== JSON.stringify(STARTER),
    setSettings: (next: SettingDraft[]) => keep(next, includeRecorded),
    setIncludeRecorded: (next: boolean) => keep(settings, next),
    /** The settings were run: the address holds them now. */
    ran: (run: readonly ReplaySetting[]) => keep(settings, includeRecorded, addressSettings({ settings: [...run] })),
    reset: () => keep(STARTER, false),
  };
}
