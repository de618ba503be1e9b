import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { TimeAgo } from '../../../components/time-ago';
import { parseWindowInput, windowSourceLabel } from '../../../domain/accounting/window';
import { formatCount } from '../../../domain/format';
import { describeError } from '../../../lib/api/api-error';
import { queryKeys } from '../../../lib/api/query-keys';
import { modelWindowQuery, type ModelWindow } from '../api/get-model-window';
import { conflictWindow, putModelWindow } from '../api/put-model-window';
import '../../../components/dialog.css';
import '../../../components/notice.css';
import './window-override.css';

/** The dialog setting a model's window override (its own chunk: window-override.tsx opens it). */
export function WindowOverrideDialog({ model, onClose }: { model: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="confirm-dialog window-override" aria-describedby={undefined}>
          <Dialog.Title className="confirm-dialog__title">
            Context window of <span className="mono window-override__model">{model}</span>
          </Dialog.Title>
          <WindowOverrideBody model={model} onDone={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function WindowOverrideBody({ model, onDone }: { model: string; onDone: () => void }) {
  const query = useQuery({ ...modelWindowQuery(model), staleTime: 0 });
  if (query.isError) return <ErrorState error={query.error} what={`the window of ${model}`} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton height={160} />;
  return <WindowOverrideForm read={query.data} onDone={onDone} />;
}

interface FormValues {
  tokens: string;
}

/** What went wrong with the last save, said in full; the typed value stays in the field. */
type Failure = { kind: 'conflict'; current: ModelWindow; mine: number | null } | { kind: 'error'; message: string };

function WindowOverrideForm({ read, onDone }: { read: ModelWindow; onDone: () => void }) {
  const queryClient = useQueryClient();
  // The version the operator's change is based on: the one read, or (after a conflict they chose to overwrite) the current one.
  const [base, setBase] = useState(read);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const sending = useRef(false);
  const form = useForm<FormValues>({ mode: 'onChange', defaultValues: { tokens: read.override_tokens === null ? '' : String(read.override_tokens) } });

  const save = useMutation({
    mutationFn: putModelWindow,
    onSuccess: (outcome, write) => {
      if (!outcome.answered && outcome.verdict !== 'applied') {
        const why = outcome.verdict === 'not-applied' ? 'reading it again shows the window unchanged: not saved' : 'it could not be read again: it may or may not be saved';
        setFailure({ kind: 'error', message: `The daemon's answer to the save could not be trusted (${describeError(outcome.error)}), and ${why}.` });
        return;
      }
      const saved = outcome.answered ? outcome.result : outcome.current;
      queryClient.setQueryData(queryKeys.modelWindow(write.model), saved);
      // Every agent on the model has new figures: its window and its thresholds in tokens.
      for (const queryKey of [queryKeys.sessions, queryKeys.anySession, queryKeys.anyProject]) void queryClient.invalidateQueries({ queryKey });
      if (outcome.answered) {
        onDone();
        return;
      }
      // Saved, though the answer said otherwise: the dialog stays to say so, showing what the daemon holds.
      setBase(saved);
      form.reset({ tokens: saved.override_tokens === null ? '' : String(saved.override_tokens) });
      setSavedNote(`Saved: the daemon's answer could not be trusted (${describeError(outcome.error)}), and reading the window again shows it saved.`);
    },
    onError: (error, write) => {
      const current = conflictWindow(error);
      setFailure(current ? { kind: 'conflict', current, mine: write.override_tokens } : { kind: 'error', message: `Could not save the window: ${describeError(error)}` });
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const send = (overrideTokens: number | null, version: number) => {
    // Once, whatever the clicks: a second click before the first answer is not a second save.
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    setSavedNote(null);
    save.mutate({ model: base.model, override_tokens: overrideTokens, version });
  };
  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(({ tokens }) => {
      const parsed = parseWindowInput(tokens);
      if ('tokens' in parsed) send(parsed.tokens, base.version);
    })(event);
  const overwrite = (current: ModelWindow, mine: number | null) => {
    setBase(current);
    send(mine, current.version);
  };
  const keepTheirs = (current: ModelWindow) => {
    setBase(current);
    setFailure(null);
    form.reset({ tokens: current.override_tokens === null ? '' : String(current.override_tokens) });
  };

  const error = form.formState.errors.tokens?.message;
  return (
    <form className="confirm-dialog__body" onSubmit={submit} aria-label="Window override">
      <WindowFacts window={base} />
      <label className="window-override__field">
        <span>Override (tokens)</span>
        <input
          className="input num"
          inputMode="numeric"
          autoComplete="off"
          maxLength={64}
          placeholder="e.g. 200k"
          aria-invalid={error !== undefined}
          aria-describedby="window-override-help"
          {...form.register('tokens', { validate: (text) => { const parsed = parseWindowInput(text); return 'error' in parsed ? parsed.error : true; } })}
        />
      </label>
      {error ? (
        <p id="window-override-help" className="window-override__error" role="alert">
          {error}
        </p>
      ) : (
        <p id="window-override-help" className="muted window-override__help">
          Every agent on this model uses it from its next estimate; compactions already recorded keep the window they were computed with.
        </p>
      )}
      {savedNote !== null && (
        <p className="callout callout--ok" role="status">
          {savedNote}
        </p>
      )}
      {failure?.kind === 'error' && (
        <p className="callout callout--danger" role="alert">
          {failure.message}
        </p>
      )}
      {failure?.kind === 'conflict' && <ConflictNotice conflict={failure} onOverwrite={overwrite} onKeepTheirs={keepTheirs} pending={save.isPending} />}
      <div className="confirm-dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button">
            Cancel
          </button>
        </Dialog.Close>
        {base.override_tokens !== null && (
          <button type="button" className="button" disabled={save.isPending} onClick={() => send(null, base.version)}>
            Remove override
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** The window in use, where it comes from, the catalog's figure and the override, each in full. */
function WindowFacts({ window }: { window: ModelWindow }) {
  return (
    <dl className="confirm-dialog__facts">
      <dt>In use</dt>
      <dd className="num">
        {formatCount(window.window.tokens)} tokens <span className="muted">({windowSourceLabel(window.window)})</span>
      </dd>
      <dt>Model catalog</dt>
      <dd className="num">{window.catalog_tokens === null ? <span className="muted">not in the catalog</span> : `${formatCount(window.catalog_tokens)} tokens`}</dd>
      <dt>Override</dt>
      <dd className="num">
        {window.override_tokens === null ? (
          <span className="muted">none</span>
        ) : (
          <>
            {formatCount(window.override_tokens)} tokens
            {window.changed_by !== null && <span className="muted"> by {window.changed_by}</span>}
            {window.changed_at !== null && (
              <span className="muted">
                {' '}
                <TimeAgo iso={window.changed_at} />
              </span>
            )}
          </>
        )}
      </dd>
    </dl>
  );
}

const describeOverride = (tokens: number | null) => (tokens === null ? 'no override' : `${formatCount(tokens)} tokens`);

/** Someone changed the window meanwhile: both values, and the operator's choice. */
function ConflictNotice({
  conflict: { current, mine },
  onOverwrite,
  onKeepTheirs,
  pending,
}: {
  conflict: Extract<Failure, { kind: 'conflict' }>;
  onOverwrite: (current: ModelWindow, mine: number | null) => void;
  onKeepTheirs: (current: ModelWindow) => void;
  pending: boolean;
}) {
  return (
    <div className="callout callout--warn window-override__conflict" role="alert">
      <p>
        The window changed meanwhile{current.changed_by !== null ? ` (by ${current.changed_by})` : ''}: now {describeOverride(current.override_tokens)}, version{' '}
        {current.version}. Yours: {describeOverride(mine)}.
      </p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={() => onKeepTheirs(current)}>
          Keep theirs
        </button>
        <button type="button" className="button button--primary" disabled={pending} onClick={() => onOverwrite(current, mine)}>
          Save mine over it
        </button>
      </div>
    </div>
  );
}
