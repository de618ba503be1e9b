/**
 * Drafts kept in this browser, one localStorage entry per key (`<prefix><key>`): a tab writes only
 * the entries it changed, so two tabs working on different targets never overwrite each other's
 * (one entry holding a whole map would: the last tab to write wins every key). Entries are read
 * back defensively (storage is not trusted: `parse` says what is a value), and a full or disabled
 * storage leaves the drafts in memory only. Users: knob edits (stores/pending-knob-edits), note
 * drafts (compaction-ledger), the threshold lab's typed settings.
 */

export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A stored entry's value read as JSON; null when absent or unreadable. */
function readJson(store: Storage, name: string): unknown {
  try {
    return JSON.parse(store.getItem(name) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/** Every entry under `prefix` that `parse` accepts, by key; those it refuses are removed. */
export function loadEntries<T>(prefix: string, parse: (value: unknown) => T | null, store: Storage | null = browserStorage()): Record<string, T> {
  if (!store) return {};
  const entries: Record<string, T> = {};
  const refused: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (!name?.startsWith(prefix)) continue;
    const value = parse(readJson(store, name));
    if (value === null) refused.push(name);
    else entries[name.slice(prefix.length)] = value;
  }
  for (const name of refused) store.removeItem(name);
  return entries;
}

/** One entry, when `parse` accepts it. */
export function readEntry<T>(prefix: string, key: string, parse: (value: unknown) => T | null, store: Storage | null = browserStorage()): T | null {
  return store ? parse(readJson(store, prefix + key)) : null;
}

/** Writes one entry (null removes it); false when the browser would not keep it. */
export function writeEntry(prefix: string, key: string, value: unknown, store: Storage | null = browserStorage()): boolean {
  if (!store) return false;
  try {
    if (value === null) store.removeItem(prefix + key);
    else store.setItem(prefix + key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn('Could not keep the draft in this browser', error);
    return false;
  }
}

/** Writes the entries that differ between `before` and `after` (by identity), and removes those gone. */
export function writeEntryChanges<T>(prefix: string, before: Readonly<Record<string, T>>, after: Readonly<Record<string, T>>, store: Storage | null = browserStorage()): void {
  if (!store || before === after) return;
  for (const key of Object.keys(before)) if (!(key in after)) writeEntry(prefix, key, null, store);
  for (const [key, value] of Object.entries(after)) if (before[key] !== value) writeEntry(prefix, key, value, store);
}

/**
 * Calls `changed` when another tab of this browser writes (or removes: null) an entry under
 * `prefix`; a tab is not told of its own writes. Returns the unsubscribe.
 */
export function onOtherTabEntry(prefix: string, changed: (key: string, value: unknown) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== browserStorage() || !event.key?.startsWith(prefix)) return;
    let value: unknown = null;
    try {
      value = event.newValue === null ? null : (JSON.parse(event.newValue) as unknown);
    } catch {
      value = null;
    }
    changed(event.key.slice(prefix.length), value);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

let thisTab: string | undefined;

/** This tab's id, kept in sessionStorage: the same across its reloads, another in every other tab. */
export function tabId(): string {
  thisTab ??= keptTabId();
  return thisTab;
}

function keptTabId(): string {
  const fresh = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  try {
    const kept = sessionStorage.getItem('compactor.tab');
    if (kept && /^[\w-]{1,64}$/.test(kept)) return kept;
    const id = fresh();
    sessionStorage.setItem('compactor.tab', id);
    return id;
  } catch {
    return fresh();
  }
}

const TAB_LOCK = 'compactor.tab:';

/**
 * Holds a Web Lock named after this tab while it is open (released by the browser when it closes),
 * so that other tabs can tell a live tab's entries from those a closed or crashed tab left.
 */
export function holdTabLock(): void {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return;
  void navigator.locks.request(TAB_LOCK + tabId(), () => new Promise<never>(() => {})).catch(() => {});
}

/** The tabs of this browser open now; null when the browser cannot say (no Web Locks). */
export async function liveTabs(): Promise<ReadonlySet<string> | null> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return null;
  try {
    const { held = [] } = await navigator.locks.query();
    return new Set(held.flatMap((lock) => (lock.name?.startsWith(TAB_LOCK) ? [lock.name.slice(TAB_LOCK.length)] : [])));
  } catch {
    return null;
  }
}
