import { useMutation } from '@tanstack/react-query';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkBaseUrl, normalizeBaseUrl, type RuntimeConfig } from '../../../config/runtime-config';
import { THEMES, useConnection, useSettingsStore, type Theme } from '../../../config/settings-store';
import { describeError } from '../../../lib/api/api-error';
import { createApiClient, unwrap } from '../../../lib/api/client';
import { formatCount } from '../../../lib/format';
import '../../../components/panel.css';
import './settings.css';

interface FormValues {
  apiBaseUrl: string;
  userId: string;
  token: string;
}

const toForm = (config: RuntimeConfig): FormValues => ({ apiBaseUrl: config.apiBaseUrl, userId: config.userId, token: config.token ?? '' });

const fromForm = (values: FormValues): RuntimeConfig => ({
  apiBaseUrl: normalizeBaseUrl(values.apiBaseUrl),
  userId: values.userId.trim(),
  token: values.token.trim() || null,
});

const THEME_LABEL: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** GET /health with the given settings (not the ones in force): does this daemon answer? */
async function testConnection(config: RuntimeConfig) {
  return unwrap(await createApiClient(config).GET('/health'));
}

function ConnectionForm() {
  const connection = useConnection();
  const defaults = useSettingsStore((s) => s.defaults);
  const saveConnection = useSettingsStore((s) => s.saveConnection);
  const resetConnection = useSettingsStore((s) => s.resetConnection);
  const [showToken, setShowToken] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { base: useId(), user: useId(), token: useId() };
  const form = useForm<FormValues>({ defaultValues: toForm(connection), mode: 'onTouched' });
  const { errors, isDirty } = form.formState;
  const test = useMutation({ mutationFn: testConnection });

  const onSubmit = form.handleSubmit((values) => {
    const config = fromForm(values);
    saveConnection(config);
    form.reset(toForm(config));
    setNotice('Saved.');
    test.mutate(config);
  });

  const onReset = () => {
    resetConnection();
    form.reset(toForm(defaults));
    test.reset();
    setNotice('Back to the config.json values.');
  };

  return (
    <form className="settings__form" onSubmit={onSubmit} noValidate aria-label="Connection">
      <div className="settings__field">
        <label htmlFor={ids.base}>API base URL</label>
        <input
          id={ids.base}
          className="input"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors.apiBaseUrl ? 'true' : 'false'}
          aria-describedby={`${ids.base}-help`}
          {...form.register('apiBaseUrl', { validate: (value) => checkBaseUrl(value) ?? true })}
        />
        <p id={`${ids.base}-help`} className={errors.apiBaseUrl ? 'settings__error' : 'settings__help'}>
          {errors.apiBaseUrl?.message ?? `An absolute URL (https://host/api/v1) or a path on this server. config.json: ${defaults.apiBaseUrl}`}
        </p>
      </div>
      <div className="settings__field">
        <label htmlFor={ids.user}>Operator id</label>
        <input
          id={ids.user}
          className="input"
          spellCheck={false}
          autoComplete="username"
          aria-invalid={errors.userId ? 'true' : 'false'}
          aria-describedby={`${ids.user}-help`}
          {...form.register('userId', { validate: (value) => (value.trim() === '' ? 'The operator id is empty.' : true) })}
        />
        <p id={`${ids.user}-help`} className={errors.userId ? 'settings__error' : 'settings__help'}>
          {errors.userId?.message ?? `Sent as X-Kaged-User-Id and recorded on flags and notes. config.json: ${defaults.userId}`}
        </p>
      </div>
      <div className="settings__field">
        <label htmlFor={ids.token}>Bearer token</label>
        <div className="settings__secret">
          <input
            id={ids.token}
            className="input"
            type={showToken ? 'text' : 'password'}
            spellCheck={false}
            autoComplete="off"
            placeholder="none"
            aria-describedby={`${ids.token}-help`}
            {...form.register('token')}
          />
          <button type="button" className="button" onClick={() => setShowToken((v) => !v)} aria-pressed={showToken}>
            {showToken ? 'Hide' : 'Show'}
          </button>
        </div>
        <p id={`${ids.token}-help`} className="settings__help">
          Sent as Authorization: Bearer when set; kept in this browser only. config.json: {defaults.token ? 'a token is set' : 'none'}
        </p>
      </div>
      <div className="settings__actions">
        <button type="submit" className="button button--primary" disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Save and test'}
        </button>
        <button type="button" className="button" onClick={onReset}>
          Reset to config.json
        </button>
        <span className="settings__dirty muted" aria-live="polite">
          {isDirty ? 'Unsaved changes' : ''}
        </span>
      </div>
      <div className="settings__result" aria-live="polite">
        {test.isSuccess && (
          <p className="settings__ok" role="status">
            {notice} Connected: kaged {test.data.version}, {test.data.status}
            {test.data.simulated ? ', simulated daemon' : ''}, last event #{formatCount(test.data.last_seq)}.
          </p>
        )}
        {test.isError && (
          <p className="settings__fail" role="alert">
            {notice} The daemon did not answer: {describeError(test.error)}
          </p>
        )}
        {test.isPending && <p className="muted">Asking {fromForm(form.getValues()).apiBaseUrl}/health…</p>}
        {test.isIdle && notice && <p className="muted">{notice}</p>}
      </div>
    </form>
  );
}

function ThemeChoice() {
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  return (
    <RadioGroup.Root className="settings__themes" value={theme} onValueChange={(v) => setTheme(v as Theme)} aria-label="Theme">
      {THEMES.map((t) => (
        <label key={t} className="settings__theme">
          <RadioGroup.Item value={t} className="settings__radio">
            <RadioGroup.Indicator className="settings__radio-dot" />
          </RadioGroup.Item>
          {THEME_LABEL[t]}
          {t === 'system' && <span className="faint"> (follows the operating system)</span>}
        </label>
      ))}
    </RadioGroup.Root>
  );
}

/** Where the daemon is and who the operator is (remembered in this browser, over config.json). */
export function ConnectionSettings() {
  const configProblem = useSettingsStore((s) => s.configProblem);
  return (
    <section className="panel settings__section" aria-labelledby="settings-connection">
      <header className="panel__header">
        <h2 id="settings-connection">Connection</h2>
        <span className="muted">Remembered in this browser; overrides config.json</span>
      </header>
      {configProblem && (
        <p className="settings__fail settings__config-problem" role="alert">
          config.json could not be used: {configProblem} Built-in values are the defaults.
        </p>
      )}
      <ConnectionForm />
    </section>
  );
}

/** The theme. */
export function AppearanceSettings() {
  return (
    <section className="panel settings__section" aria-labelledby="settings-appearance">
      <header className="panel__header">
        <h2 id="settings-appearance">Appearance</h2>
      </header>
      <ThemeChoice />
    </section>
  );
}
