/**
 * The operator's settings: config.json's values (the defaults), what the operator changed on the
 * Settings screen (remembered in localStorage), and the theme. Only the overrides and the theme
 * are persisted, so a new config.json still reaches every field the operator did not change.
 * A token the operator typed is kept in sessionStorage (gone when the tab closes) unless they
 * chose to remember it; the origins they allowed the token to go to are remembered.
 */
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { useShallow } from 'zustand/react/shallow';
import { clientFor, type KagedClient } from '../lib/api/client';
import { withTokenGuard } from './connection-security';
import { BUILT_IN_CONFIG, checkStoredOverrides, type RuntimeConfig } from './runtime-config';

export type Theme = 'system' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

export type ConnectionOverrides = Partial<RuntimeConfig>;

interface SettingsState {
  /** config.json, or the built-in config when it could not be used. */
  defaults: RuntimeConfig;
  /** Why config.json could not be used, or null. */
  configProblem: string | null;
  /** What of the stored connection settings was refused on reading them back (dropped), or null. */
  storedProblem: string | null;
  overrides: ConnectionOverrides;
  /** Keep a typed token in localStorage (across browser restarts) rather than sessionStorage. */
  rememberToken: boolean;
  /** Origins other than the page's that the operator allowed the token to go to. */
  trustedOrigins: string[];
  theme: Theme;
  setDefaults: (config: RuntimeConfig, problem: string | null) => void;
  saveConnection: (values: RuntimeConfig, rememberToken?: boolean) => void;
  trustOrigin: (origin: string) => void;
  resetConnection: () => void;
  setTheme: (theme: Theme) => void;
}

/** The fields of `values` that differ from `defaults`. */
export function overridesFor(values: RuntimeConfig, defaults: RuntimeConfig): ConnectionOverrides {
  const overrides: ConnectionOverrides = {};
  if (values.apiBaseUrl !== defaults.apiBaseUrl) overrides.apiBaseUrl = values.apiBaseUrl;
  if (values.userId !== defaults.userId) overrides.userId = values.userId;
  if (values.token !== defaults.token) overrides.token = values.token;
  return overrides;
}

export function effectiveConnection(defaults: RuntimeConfig, overrides: ConnectionOverrides): RuntimeConfig {
  return { ...defaults, ...overrides };
}

type Persisted = Pick<SettingsState, 'overrides' | 'theme' | 'rememberToken' | 'trustedOrigins'>;

interface SimpleStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Persisted settings in `local`, except a token the operator did not ask to remember: that one
 * goes to `session` (sessionStorage) under `<name>.token`.
 */
export function splitStorage(localStore: () => SimpleStorage, sessionStore: () => SimpleStorage): PersistStorage<Persisted> {
  const tokenKey = (name: string) => `${name}.token`;
  // Without Web Storage (Node, a locked-down browser) nothing is kept: a no-op store.
  const none: SimpleStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  const safe = (get: () => SimpleStorage) => () => {
    try {
      return get() ?? none;
    } catch {
      return none;
    }
  };
  const local = safe(localStore);
  const session = safe(sessionStore);
  return {
    getItem(name) {
      const text = local().getItem(name);
      const stored = text === null ? null : (JSON.parse(text) as StorageValue<Persisted>);
      const sessionToken = session().getItem(tokenKey(name));
      if (sessionToken === null) return stored;
      const base: StorageValue<Persisted> = stored ?? { state: { overrides: {}, theme: 'system', rememberToken: false, trustedOrigins: [] }, version: 2 };
      if (base.state.rememberToken) return base;
      return { ...base, state: { ...base.state, overrides: { ...base.state.overrides, token: JSON.parse(sessionToken) as string | null } } };
    },
    setItem(name, value) {
      const { overrides, rememberToken } = value.state;
      if (rememberToken || !('token' in overrides)) {
        session().removeItem(tokenKey(name));
        local().setItem(name, JSON.stringify(value));
        return;
      }
      const { token, ...rest } = overrides;
      session().setItem(tokenKey(name), JSON.stringify(token ?? null));
      local().setItem(name, JSON.stringify({ ...value, state: { ...value.state, overrides: rest } }));
    },
    removeItem(name) {
      local().removeItem(name);
      session().removeItem(tokenKey(name));
    },
  };
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set, get) => ({
      defaults: BUILT_IN_CONFIG,
      configProblem: null,
      storedProblem: null,
      overrides: {},
      rememberToken: false,
      trustedOrigins: [],
      theme: 'system',
      setDefaults: (defaults, configProblem) => set({ defaults, configProblem }),
      saveConnection: (values, rememberToken = get().rememberToken) => set({ overrides: overridesFor(values, get().defaults), rememberToken, storedProblem: null }),
      trustOrigin: (origin) => set((s) => (s.trustedOrigins.includes(origin) ? s : { trustedOrigins: [...s.trustedOrigins, origin] })),
      resetConnection: () => set({ overrides: {}, rememberToken: false, storedProblem: null }),
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: 'compactor.settings',
      version: 2,
      storage: splitStorage(
        () => localStorage,
        () => sessionStorage,
      ),
      partialize: ({ overrides, theme, rememberToken, trustedOrigins }) => ({ overrides, theme, rememberToken, trustedOrigins }),
      // What storage holds is checked as typed input is: a tampered value is dropped and said, never used.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Persisted>;
        const { overrides, problems } = checkStoredOverrides(stored.overrides);
        return { ...current, ...stored, overrides, storedProblem: problems.length > 0 ? problems.join(' ') : null };
      },
      // Version 1 kept every token in localStorage: such a token stays remembered (the Settings screen says so).
      migrate: (persisted, version) => {
        const state = persisted as Partial<Persisted>;
        if (version < 2) return { ...state, rememberToken: typeof state.overrides?.token === 'string', trustedOrigins: [] } as Persisted;
        return state as Persisted;
      },
    },
  ),
);

const pageUrl = () => (typeof window === 'undefined' ? 'http://localhost/' : window.location.href);

/** The connection settings as stored (the token included, wherever it would go): the Settings form edits these. */
export function useStoredConnection(): RuntimeConfig {
  return useSettingsStore(useShallow((s) => effectiveConnection(s.defaults, s.overrides)));
}

/** The connection settings in force: the token withheld from an origin the operator has not confirmed. */
export function connectionInForce(state: Pick<SettingsState, 'defaults' | 'overrides' | 'trustedOrigins'>): RuntimeConfig {
  return withTokenGuard(effectiveConnection(state.defaults, state.overrides), pageUrl(), state.trustedOrigins);
}

/** The connection settings in force. */
export function useConnection(): RuntimeConfig {
  return useSettingsStore(useShallow(connectionInForce));
}

export function currentConnection(): RuntimeConfig {
  return connectionInForce(useSettingsStore.getState());
}

/** The API client for the settings in force (queries call this when they run). */
export function api(): KagedClient {
  return clientFor(currentConnection());
}
