/**
 * What the operator typed on Settings and has not saved yet, kept in this browser so that leaving
 * the page (or reloading it) loses nothing; the form shows it marked unsaved until it is saved or
 * discarded. The address, operator id and "remember" choice go to localStorage; a typed token only
 * to sessionStorage (forgotten with the tab, as an unremembered token is), never to localStorage.
 */
export interface ConnectionFormValues {
  apiBaseUrl: string;
  userId: string;
  token: string;
  rememberToken: boolean;
}

export const CONNECTION_DRAFT_KEY = 'compactor.settings-draft';
export const CONNECTION_DRAFT_TOKEN_KEY = 'compactor.settings-draft-token';

export interface DraftStores {
  local: Storage | null;
  session: Storage | null;
}

function pick(get: () => Storage): Storage | null {
  try {
    return typeof window === 'undefined' ? null : get();
  } catch {
    return null;
  }
}

export function browserStores(): DraftStores {
  return { local: pick(() => window.localStorage), session: pick(() => window.sessionStorage) };
}

export function sameConnection(a: ConnectionFormValues, b: ConnectionFormValues): boolean {
  return a.apiBaseUrl === b.apiBaseUrl && a.userId === b.userId && a.token === b.token && a.rememberToken === b.rememberToken;
}

/** The kept draft laid over the saved values, or null when there is none (or it cannot be read). */
export function loadConnectionDraft(saved: ConnectionFormValues, stores: DraftStores = browserStores()): ConnectionFormValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(stores.local?.getItem(CONNECTION_DRAFT_KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const token = stores.session?.getItem(CONNECTION_DRAFT_TOKEN_KEY) ?? null;
  const draft = raw as Partial<ConnectionFormValues> | null;
  const fields =
    draft !== null && typeof draft === 'object' && typeof draft.apiBaseUrl === 'string' && typeof draft.userId === 'string' && typeof draft.rememberToken === 'boolean'
      ? { apiBaseUrl: draft.apiBaseUrl, userId: draft.userId, rememberToken: draft.rememberToken }
      : null;
  if (fields === null && token === null) return null;
  const values = { ...saved, ...fields, token: token ?? saved.token };
  return sameConnection(values, saved) ? null : values;
}

/** Keeps `values` while they differ from the saved ones; forgets the draft once they are the same. */
export function keepConnectionDraft(values: ConnectionFormValues, saved: ConnectionFormValues, stores: DraftStores = browserStores()): void {
  if (sameConnection(values, saved)) {
    forgetConnectionDraft(stores);
    return;
  }
  try {
    const { token, ...rest } = values;
    stores.local?.setItem(CONNECTION_DRAFT_KEY, JSON.stringify(rest));
    if (token === saved.token) stores.session?.removeItem(CONNECTION_DRAFT_TOKEN_KEY);
    else stores.session?.setItem(CONNECTION_DRAFT_TOKEN_KEY, token);
  } catch (error) {
    console.warn('Could not keep the unsaved settings in this browser', error);
  }
}

export function forgetConnectionDraft(stores: DraftStores = browserStores()): void {
  stores.local?.removeItem(CONNECTION_DRAFT_KEY);
  stores.session?.removeItem(CONNECTION_DRAFT_TOKEN_KEY);
}
