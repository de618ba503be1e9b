/**
 * The threshold lab's settings: what the operator types per setting (blank = as the agent is
 * configured) as a ReplaySetting's `set` (dotted compaction-config keys, exactly a config write's
 * `set`), and the lab's address: the agent, up to three settings, whether the recorded
 * compactions apply and the moment marked (an event's, lib/routes eventReplayHref), so a lab with
 * its settings is a link (deep links, back and forward).
 */
import type { components } from '../../../domain/contract/schema.gen';
import { STRATEGIES } from '../../../domain/contract/enums.gen';

export type ReplaySetting = components['schemas']['ReplaySetting'];

export const MAX_SETTINGS = 3;

/** A setting as typed: every field a string, '' meaning "as configured". */
export interface SettingDraft {
  label: string;
  strategy: string;
  /** Percent of the window, 1–99. */
  upper: string;
  lower: string;
  summarizeWindow: string;
  summarizeModel: string;
  pruneProtect: string;
  pruneMinimum: string;
  /** Any other keys (a plugin's knobs): one `dotted.key = value` a line, the value JSON or plain text. */
  more: string;
}

export const emptyDraft = (): SettingDraft => ({ label: '', strategy: '', upper: '', lower: '', summarizeWindow: '', summarizeModel: '', pruneProtect: '', pruneMinimum: '' , more: '' });

export type DraftErrors = Partial<Record<keyof SettingDraft, string>>;

const FIELD_KEYS = {
  strategy: 'strategy',
  upper: 'upper_threshold',
  lower: 'lower_threshold',
  summarizeWindow: 'summarize.window_messages',
  summarizeModel: 'summarize.model',
  pruneProtect: 'prune.protect_tokens',
  pruneMinimum: 'prune.minimum_savings',
} as const satisfies Partial<Record<keyof SettingDraft, string>>;

function percent(text: string): number | string {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || n >= 100) return 'a percentage between 0 and 100';
  return Math.round(n * 10) / 1000;
}

function whole(text: string, min: number): number | string {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) return `a whole number of at least ${min}`;
  return n;
}

/** A `key = value` line's value: JSON where it parses (numbers, true, null, lists), else the text itself. */
function lineValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The ReplaySetting a draft asks for, or what is wrong with it, field by field. */
export function draftToSetting(draft: SettingDraft): { setting: ReplaySetting; errors: null } | { setting: null; errors: DraftErrors } {
  const set: Record<string, unknown> = {};
  const errors: DraftErrors = {};
  const t = (s: string) => s.trim();
  if (t(draft.strategy)) {
    if ((STRATEGIES as readonly string[]).includes(t(draft.strategy))) set[FIELD_KEYS.strategy] = t(draft.strategy);
    else errors.strategy = `one of ${STRATEGIES.join(', ')}`;
  }
  for (const field of ['upper', 'lower'] as const) {
    if (!t(draft[field])) continue;
    const v = percent(t(draft[field]));
    if (typeof v === 'string') errors[field] = v;
    else set[FIELD_KEYS[field]] = v;
  }
  const upper = set.upper_threshold;
  const lower = set.lower_threshold;
  if (typeof upper === 'number' && typeof lower === 'number' && lower >= upper) errors.lower = 'below the upper threshold';
  for (const [field, min] of [['summarizeWindow', 1], ['pruneProtect', 0], ['pruneMinimum', 0]] as const) {
    if (!t(draft[field])) continue;
    const v = whole(t(draft[field]), min);
    if (typeof v === 'string') errors[field] = v;
    else set[FIELD_KEYS[field]] = v;
  }
  if (t(draft.summarizeModel)) set[FIELD_KEYS.summarizeModel] = t(draft.summarizeModel);
  draft.more.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq).trim() : '';
    if (!/^[A-Za-z_][\w-]*(\.[\w.-]+)*$/.test(key) || eq === line.length - 1) {
      errors.more ??= `line ${i + 1}: write dotted.key = value`;
      return;
    }
    set[key] = lineValue(line.slice(eq + 1).trim());
  });
  if (Object.keys(errors).length > 0) return { setting: null, errors };
  const label = t(draft.label).slice(0, 80);
  return { setting: label ? { label, set } : { set }, errors: null };
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The draft that asks for a setting (the form, from the address). */
export function settingToDraft(setting: ReplaySetting): SettingDraft {
  const draft = emptyDraft();
  draft.label = setting.label ?? '';
  const rest: string[] = [];
  for (const [key, value] of Object.entries(setting.set)) {
    const field = (Object.keys(FIELD_KEYS) as (keyof typeof FIELD_KEYS)[]).find((f) => FIELD_KEYS[f] === key);
    if (field === 'upper' || field === 'lower') draft[field] = typeof value === 'number' ? String(Math.round(value * 1000) / 10) : show(value);
    else if (field) draft[field] = show(value);
    else rest.push(`${key} = ${show(value)}`);
  }
  draft.more = rest.join('\n');
  return draft;
}

export interface LabSearch {
  agent: string;
  settings: ReplaySetting[];
  includeRecorded: boolean;
  /** The moment marked on the replay (opened from a compaction event: its time), an ISO instant. */
  at: string | null;
  /** The compaction event the lab was opened from (the way back to it). */
  event: string | null;
}

/** Longest event id kept from an address (an id is short; a pasted address may not be). */
const EVENT_ID_MAX = 200;

function readInstant(value: string | null): string | null {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function isSetting(value: unknown): value is ReplaySetting {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as { label?: unknown; set?: unknown };
  return (v.label === undefined || typeof v.label === 'string') && typeof v.set === 'object' && v.set !== null && !Array.isArray(v.set);
}

/** The lab's state from its address; a malformed setting is left out (the form then starts without it). */
export function readLabSearch(params: URLSearchParams): LabSearch {
  const settings = params
    .getAll('setting')
    .flatMap((text) => {
      try {
        const value: unknown = JSON.parse(text);
        return isSetting(value) ? [{ ...(value.label ? { label: value.label.slice(0, 80) } : {}), set: value.set }] : [];
      } catch {
        return [];
      }
    })
    .slice(0, MAX_SETTINGS);
  const event = params.get('event')?.trim().slice(0, EVENT_ID_MAX) || null;
  return { agent: params.get('agent') || 'primary', settings, includeRecorded: params.get('recorded') === '1', at: readInstant(params.get('at')), event };
}

export function writeLabSearch(search: LabSearch): URLSearchParams {
  const params = new URLSearchParams();
  params.set('agent', search.agent);
  for (const setting of search.settings.slice(0, MAX_SETTINGS)) params.append('setting', JSON.stringify(setting));
  if (search.includeRecorded) params.set('recorded', '1');
  if (search.at) params.set('at', search.at);
  if (search.event) params.set('event', search.event);
  return params;
}
