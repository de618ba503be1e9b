/**
 * What the operator set in the manual-compact modal, kept in this browser until a commit succeeds:
 * closing the modal, a failed commit or a reload loses nothing (as note drafts). One entry per
 * session and agent (localStorage `compactor.compact-draft:<session>/<agent>`), and the proposals
 * pinned for comparison per session (`compactor.compact-pins:<session>`).
 */
import type { CompactFormValues } from '../../../domain/compaction/compact-form';
import type { Preview } from '../../../domain/compaction/compact-preview';
import { browserStorage, writeEntry } from '../../../lib/browser-entries';

export interface CompactDraft {
  values: CompactFormValues;
  updatedAt: number;
}

export const COMPACT_DRAFT_PREFIX = 'compactor.compact-draft:';
export const PINS_PREFIX = 'compactor.compact-pins:';
/** Drafts and pins older than this are dropped when read (a month). */
export const COMPACT_DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export function compactDraftKey(sessionId: string, agentPath: string): string {
  return `${COMPACT_DRAFT_PREFIX}${sessionId}/${agentPath}`;
}

export function pinsKey(sessionId: string): string {
  return `${PINS_PREFIX}${sessionId}`;
}

const FIELDS: Record<keyof CompactFormValues, (v: unknown) => boolean> = {
  agentPath: (v) => typeof v === 'string',
  strategy: (v) => v === 'drop' || v === 'summarize' || v === 'delegate' || v === 'checkpoint',
  summarize: (v) => typeof v === 'boolean',
  upper: (v) => typeof v === 'number' && Number.isFinite(v),
  lower: (v) => typeof v === 'number' && Number.isFinite(v),
  prompt: (v) => typeof v === 'string',
  delegatePlugin: (v) => v === null || typeof v === 'string',
  checkpointSubStrategy: (v) => v === 'drop' || v === 'summarize',
};

function isValues(value: unknown): value is CompactFormValues {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(FIELDS).every(([field, ok]) => ok(record[field]));
}

/** The same settings (what a request would carry). */
export function sameValues(a: CompactFormValues, b: CompactFormValues): boolean {
  return (Object.keys(FIELDS) as (keyof CompactFormValues)[]).every((field) => a[field] === b[field]);
}

/** The parsed entry; undefined when it is not JSON. */
function readJson(store: Storage, name: string): unknown {
  try {
    return JSON.parse(store.getItem(name) ?? 'null');
  } catch {
    return undefined;
  }
}

/** The kept settings for this agent, if any (unreadable, foreign or expired entries are removed). */
export function loadCompactDraft(sessionId: string, agentPath: string, store: Storage | null = browserStorage(), now = Date.now()): CompactDraft | null {
  if (!store) return null;
  const name = compactDraftKey(sessionId, agentPath);
  const raw = readJson(store, name) as Partial<CompactDraft> | null | undefined;
  if (raw === null) return null;
  if (raw !== undefined && isValues(raw.values) && raw.values.agentPath === agentPath && typeof raw.updatedAt === 'number' && now - raw.updatedAt < COMPACT_DRAFT_MAX_AGE_MS) {
    return { values: raw.values, updatedAt: raw.updatedAt };
  }
  store.removeItem(name);
  return null;
}

/** Keeps what the form says for its agent; false when the browser would not keep it. */
export function keepCompactDraft(sessionId: string, values: CompactFormValues, store: Storage | null = browserStorage(), now = Date.now()): boolean {
  return writeEntry('', compactDraftKey(sessionId, values.agentPath), { values, updatedAt: now } satisfies CompactDraft, store);
}

export function forgetCompactDraft(sessionId: string, agentPath: string, store: Storage | null = browserStorage()): void {
  store?.removeItem(compactDraftKey(sessionId, agentPath));
}

function isPreview(value: unknown, sessionId: string): value is Preview {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const request = p.request as Record<string, unknown> | null;
  const result = p.result as Record<string, unknown> | null;
  return (
    typeof p.id === 'string' &&
    p.sessionId === sessionId &&
    typeof p.hash === 'string' &&
    typeof p.idempotencyKey === 'string' &&
    typeof p.at === 'number' &&
    typeof request === 'object' &&
    request !== null &&
    typeof request.agent_path === 'string' &&
    typeof result === 'object' &&
    result !== null &&
    typeof result.record === 'object' &&
    result.record !== null
  );
}

/** The pinned proposals kept for this session (unreadable or expired ones are dropped). */
export function loadPins(sessionId: string, store: Storage | null = browserStorage(), now = Date.now()): Preview[] {
  if (!store) return [];
  const raw = readJson(store, pinsKey(sessionId));
  if (!Array.isArray(raw)) return [];
  return raw.filter((p): p is Preview => isPreview(p, sessionId) && now - p.at < COMPACT_DRAFT_MAX_AGE_MS);
}

/** Writes the session's pins; false when the browser would not keep them (too large, storage off). */
export function keepPins(sessionId: string, pins: readonly Preview[], store: Storage | null = browserStorage()): boolean {
  if (!store) return false;
  try {
    if (pins.length === 0) store.removeItem(pinsKey(sessionId));
    else store.setItem(pinsKey(sessionId), JSON.stringify(pins));
    return true;
  } catch (error) {
    console.warn('Could not keep the pinned proposals in this browser', error);
    store.removeItem(pinsKey(sessionId));
    return false;
  }
}
