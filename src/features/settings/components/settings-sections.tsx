import { useMutation } from '@tanstack/react-query';
import { RadioGroup } from 'radix-ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { checkHeaderValue, checkToken, unconfirmedTokenOrigin } from '../../../config/connection-security';
import { checkBaseUrl, normalizeBaseUrl, type RuntimeConfig } from '../../../config/runtime-config';
import { THEMES, useSettingsStore, useStoredConnection, type Theme } from '../../../config/settings-store';
import { describeError } from '../../../lib/api/api-error';
import { createApiClient, unwrap } from '../../../lib/api/client';
import { formatCount } from '../../../domain/format';
import { forgetConnectionDraft, keepConnectionDraft, loadConnectionDraft, sameConnection, type ConnectionFormValues } from '../lib/connection-draft';
import '../../../components/panel.css';
import { StreamTicketNotice } from './stream-ticket-notice';
import './settings.css';

type FormValues = ConnectionFormValues;

const toForm = (config: RuntimeConfig, rememberToken: boolean): FormValues => ({
  apiBaseUrl: config.apiBaseUrl,
  userId: config.userId,
  token: config.token ?? '',
  rememberToken,
});

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

/** Asks before the bearer token goes to an origin other than this page's (nothing is sent until then). */
function TokenOriginPrompt({ origin, onSend, onCancel }: { origin: string; onSend: () => void; onCancel: () => void }) {
  return (
    <div className="settings__confirm" role="alertdialog" aria-label="Send the token to another origin?" aria-describedby="settings-origin-text">
      <p id="settings-origin-text">
        <strong>{origin}</strong> is not this page&rsquo;s origin ({window.location.origin}). Sending your bearer token there gives that server
        your credentials. Send it only if you trust {origin}; nothing has been sent yet.
      </p>
      <div className="settings__actions">
        <button type="button" className="button button--primary" onClick={onSend}>
          Send the token to {origin}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function ConnectionForm() {
  const connection = useStoredConnection();
  const defaults = useSettingsStore((s) => s.defaults);
  const rememberToken = useSettingsStore((s) => s.rememberToken);
  const trustedOrigins = useSettingsStore((s) => s.trustedOrigins);
  const saveConnection = useSettingsStore((s) => s.saveConnection);
  const trustOrigin = useSettingsStore((s) => s.trustOrigin);
  const resetConnection = useSettingsStore((s) => s.resetConnection);
  const [showToken, setShowToken] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** Settings waiting for the operator to allow the token to go to `origin`. */
  const [awaiting, setAwaiting] = useState<{ values: FormValues; origin: string } | null>(null);
  const ids = { base: useId(), user: useId(), token: useId(), remember: useId() };
  const saved = useMemo(() => toForm(connection, rememberToken), [connection, rememberToken]);
  /** What the operator typed and left unsaved (another page, a reload) comes back, marked unsaved. */
  const [restored] = useState(() => loadConnectionDraft(saved));
  const form = useForm<FormValues>({ defaultValues: restored ?? saved, mode: 'onTouched' });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as FormValues;
  const remember = values.rememberToken;
  const unsaved = !sameConnection(values, saved);
  useEffect(() => keepConnectionDraft(values, saved), [values, saved]);
  const test = useMutation({ mutationFn: testConnection });

  const save = (values: FormValues) => {
    const config = fromForm(values);
    saveConnection(config, values.rememberToken);
    form.reset(toForm(config, values.rememberToken));
    setNotice('Saved.');
    test.mutate(config);
  };

  const onSubmit = form.handleSubmit((values) => {
    const origin = unconfirmedTokenOrigin(fromForm(values), window.location.href, trustedOrigins);
    if (origin !== null) {
      test.reset();
      setNotice(null);
      setAwaiting({ values, origin });
      return;
    }
    save(values);
  });

  const onReset = () => {
    resetConnection();
    forgetConnectionDraft();
    setAwaiting(null);
    form.reset(toForm(defaults, false));
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
          {...form.register('userId', {
            validate: (value) => (value.trim() === '' ? 'The operator id is empty.' : (checkHeaderValue('The operator id', value.trim()) ?? true)),
          })}
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
            aria-invalid={errors.token ? 'true' : 'false'}
            aria-describedby={`${ids.token}-help`}
            {...form.register('token', { validate: (value) => checkToken(value.trim()) ?? true })}
          />
          <button type="button" className="button" onClick={() => setShowToken((v) => !v)} aria-pressed={showToken}>
            {showToken ? 'Hide' : 'Show'}
          </button>
        </div>
        <p id={`${ids.token}-help`} className={errors.token ? 'settings__error' : 'settings__help'}>
          {errors.token?.message ??
            `Sent as Authorization: Bearer when set, only to this page's origin or one you allowed. config.json: ${defaults.token ? 'a token is set' : 'none'}`}
        </p>
        <label className="settings__check" htmlFor={ids.remember}>
          <input id={ids.remember} type="checkbox" aria-describedby={`${ids.remember}-help`} {...form.register('rememberToken')} />
          Remember the token in this browser
        </label>
        <p id={`${ids.remember}-help`} className="settings__help">
          {remember
            ? 'Stored unencrypted in this browser’s local storage until you clear it: anyone using this browser profile can read it.'
            : 'Kept for this tab only (session storage) and forgotten when the tab closes.'}
        </p>
      </div>
      <div className="settings__actions">
        <button type="submit" className="button button--primary" disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Save and test'}
        </button>
        <button type="button" className="button" onClick={onReset}>
          Reset to config.json
        </button>
        {unsaved && (
          <button type="button" className="button button--quiet" onClick={() => form.reset(saved)}>
            Discard changes
          </button>
        )}
        <span className="settings__dirty muted" aria-live="polite">
          {unsaved ? (restored !== null && sameConnection(values, restored) ? 'Unsaved changes, kept from before' : 'Unsaved changes') : ''}
        </span>
      </div>
      {awaiting && (
        <TokenOriginPrompt
          origin={awaiting.origin}
          onSend={() => {
            trustOrigin(awaiting.origin);
            setAwaiting(null);
            save(awaiting.values);
          }}
          onCancel={() => {
            setAwaiting(null);
            setNotice('Nothing saved; the token was not sent.');
          }}
        />
      )}
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

/** The token in force is being withheld from another origin (e.g. a cross-origin config.json): say so, offer to allow it. */
function WithheldToken() {
  const connection = useStoredConnection();
  const trustedOrigins = useSettingsStore((s) => s.trustedOrigins);
  const trustOrigin = useSettingsStore((s) => s.trustOrigin);
  const origin = unconfirmedTokenOrigin(connection, window.location.href, trustedOrigins);
  if (origin === null) return null;
  return (
    <div className="settings__fail settings__config-problem" role="alert">
      <p>
        The bearer token is not being sent: the daemon is at {origin}, another origin than this page ({window.location.origin}), and you have not
        allowed the token to go there. Requests go without it.
      </p>
      <button type="button" className="button" onClick={() => trustOrigin(origin)}>
        Send the token to {origin}
      </button>
    </div>
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
      <WithheldToken />
      <StreamTicketNotice />
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
