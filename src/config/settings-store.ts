/**
 * The operator's settings: config.json's values (the defaults), what the operator changed on the
 * Settings screen (remembered in localStorage), and the theme. Only the overrides and the theme
 * are persisted, so a new config.json still reaches every field the operator did not change.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useShallow } from 'zustand/react/shallow';
import { clientFor, type KagedClient } from '../lib/api/client';
import { BUILT_IN_CONFIG, type RuntimeConfig } from './runtime-config';

export type Theme = 'system' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

export type ConnectionOverrides = Partial<RuntimeConfig>;

interface SettingsState {
  /** config.json, or the built-in config when it could not be used. */
  defaults: RuntimeConfig;
  /** Why config.json could not be used, or null. */
  configProblem: string | null;
  overrides: ConnectionOverrides;
  theme: Theme;
  setDefaults: (config: RuntimeConfig, problem: string | null) => void;
  saveConnection: (values: RuntimeConfig) => void;
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

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set, get) => ({
      defaults: BUILT_IN_CONFIG,
      configProblem: null,
      overrides: {},
      theme: 'system',
      setDefaults: (defaults, configProblem) => set({ defaults, configProblem }),
      saveConnection: (values) => set({ overrides: overridesFor(values, get().defaults) }),
      resetConnection: () => set({ overrides: {} }),
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: 'compactor.settings',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ overrides, theme }) => ({ overrides, theme }),
    },
  ),
);

/** The connection settings in force. */
export function useConnection(): RuntimeConfig {
  return useSettingsStore(useShallow((s) => effectiveConnection(s.defaults, s.overrides)));
}

export function currentConnection(): RuntimeConfig {
  const { defaults, overrides } = useSettingsStore.getState();
  return effectiveConnection(defaults, overrides);
}

/** The API client for the settings in force (queries call this when they run). */
export function api(): KagedClient {
  return clientFor(currentConnection());
}
