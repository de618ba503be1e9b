/**
 * The lab's settings as typed, kept in this browser per session (lib/browser-entries:
 * compactor.lab-draft:<session>) so a reload or a visit elsewhere loses none of them, run or not.
 * A draft remembers the address's settings it was typed over: opening a link with other settings
 * shows the link's, an address without settings (the lab opened from the menu) shows the draft.
 */
import { MAX_SETTINGS, type LabSearch, type SettingDraft } from './lab-settings';

export const LAB_DRAFT_PREFIX = 'compactor.lab-draft:';

export interface LabDraft {
  settings: SettingDraft[];
  includeRecorded: boolean;
  /** The address's settings (as JSON) when this was typed. */
  from: string;
  updatedAt: number;
}

const FIELDS = ['label', 'strategy', 'upper', 'lower', 'summarizeWindow', 'summarizeModel', 'pruneProtect', 'pruneMinimum', 'more'] as const satisfies readonly (keyof SettingDraft)[];
/** Longest text kept of a field (the "more" lines included): a draft is typed, never pasted megabytes. */
const FIELD_MAX = 20_000;

function parseSetting(value: unknown): SettingDraft | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!FIELDS.every((f) => typeof v[f] === 'string')) return null;
  return Object.fromEntries(FIELDS.map((f) => [f, (v[f] as string).slice(0, FIELD_MAX)])) as unknown as SettingDraft;
}

/** A stored lab draft when it has the right shape (storage is not trusted); anything else is none. */
export function parseLabDraft(value: unknown): LabDraft | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.settings) || typeof v.includeRecorded !== 'boolean' || typeof v.from !== 'string' || typeof v.updatedAt !== 'number') return null;
  const settings = v.settings.slice(0, MAX_SETTINGS).map(parseSetting);
  if (settings.length === 0 || settings.some((s) => s === null)) return null;
  return { settings: settings as SettingDraft[], includeRecorded: v.includeRecorded, from: v.from, updatedAt: v.updatedAt };
}

export const addressSettings = (search: Pick<LabSearch, 'settings'>): string => JSON.stringify(search.settings);

/** The draft to show for this address: none when the address holds other settings than those it was typed over. */
export function draftForAddress(stored: LabDraft | null, search: Pick<LabSearch, 'settings'>): LabDraft | null {
  if (!stored) return null;
  return search.settings.length === 0 || stored.from === addressSettings(search) ? stored : null;
}
