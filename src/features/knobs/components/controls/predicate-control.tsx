import { useRef } from 'react';
import { addPredicate, PREDICATE_ROLES, predicateName, predicateRows, removePredicate, setPredicateField, type PredicateField } from '../../lib/predicate-edit';
import type { ControlProps } from './control-props';
import './inputs.css';
import './predicate-control.css';

const PREDICATE_TEXT_FIELDS: readonly { field: Exclude<PredicateField, 'role'>; label: string; mono: boolean }[] = [
  { field: 'id', label: 'Id', mono: true },
  { field: 'description', label: 'Description', mono: false },
  { field: 'content_regex', label: 'Content regex', mono: true },
  { field: 'tool_name', label: 'Tool name', mono: true },
];

/** The always-keep predicates, one editable row each (id, description and what it matches on: role, content regex, tool name). */
export function PredicateControl({ id, labelId, describedBy, value, onChange, onBlur, itemProblems }: ControlProps) {
  const rows = predicateRows(value);
  // Keyboard flow: a new predicate takes the focus on its id; removing one hands it to "Add predicate".
  const focusRow = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusIfNew = (i: number) => (el: HTMLInputElement | null) => {
    if (el !== null && focusRow.current === i) {
      focusRow.current = null;
      el.focus();
    }
  };
  return (
    <div
      className="kf__stack kf__stack--grow"
      id={id}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      // Touched when the focus leaves the editor, not when it moves between its fields (nothing shifts under the pointer mid-edit).
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) onBlur();
      }}
    >
      {rows.length === 0 && <p className="faint kf-predicates__empty">No predicates: nothing is always kept beyond the system prompt and the first operator message.</p>}
      {rows.length > 0 && (
        <ol className="kf-predicates">
          {rows.map((row, i) => {
            const name = predicateName(row, i);
            const problem = itemProblems?.[i] ?? null;
            const problemId = `${id}-p${i}-problem`;
            const fieldAria = { 'aria-describedby': problem !== null ? problemId : undefined } as const;
            return (
              // Rows have no identity but their place: an id is one of the fields being edited.
              <li key={i} className={problem ? 'kf-predicate kf-predicate--invalid' : 'kf-predicate'} role="group" aria-label={`Predicate ${name}`}>
                {row.kind === 'other' ? (
                  <span className="mono kf-predicate__raw">Not a predicate: {row.text}</span>
                ) : (
                  <div className="kf-predicate__fields">
                    {PREDICATE_TEXT_FIELDS.slice(0, 2).map((f) => (
                      <PredicateText
                        key={f.field}
                        {...f}
                        inputRef={f.field === 'id' ? focusIfNew(i) : undefined}
                        text={row.fields[f.field]}
                        aria={fieldAria}
                        onText={(t) => onChange(setPredicateField(value, i, f.field, t))}
                      />
                    ))}
                    <label className="kf-predicate__field">
                      <span className="kf-predicate__label">Role</span>
                      <select className="kf-select" value={row.fields.role} {...fieldAria} onChange={(e) => onChange(setPredicateField(value, i, 'role', e.target.value))}>
                        <option value="">any role</option>
                        {PREDICATE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                        {row.fields.role !== '' && !(PREDICATE_ROLES as readonly string[]).includes(row.fields.role) && <option value={row.fields.role}>{row.fields.role} (not a role)</option>}
                      </select>
                    </label>
                    {PREDICATE_TEXT_FIELDS.slice(2).map((f) => (
                      <PredicateText key={f.field} {...f} text={row.fields[f.field]} aria={fieldAria} onText={(t) => onChange(setPredicateField(value, i, f.field, t))} />
                    ))}
                  </div>
                )}
                <button type="button" className="button button--quiet kf-predicate__remove" onClick={() => {
                    onChange(removePredicate(value, i));
                    addButton.current?.focus();
                  }}
                  aria-label={`Remove predicate ${name}`}>
                  Remove
                </button>
                {problem && (
                  <p className="kf__error kf-predicate__problem" id={problemId} role="alert">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <button
          type="button"
          className="button"
          ref={addButton}
          onClick={() => {
            focusRow.current = rows.length;
            onChange(addPredicate(value));
          }}
        >
          Add predicate
        </button>
      </div>
    </div>
  );
}

interface PredicateTextProps {
  label: string;
  mono: boolean;
  text: string;
  aria: Record<string, unknown>;
  inputRef?: ((el: HTMLInputElement | null) => void) | undefined;
  onText: (text: string) => void;
}

function PredicateText({ label, mono, text, aria, inputRef, onText }: PredicateTextProps) {
  return (
    <label className="kf-predicate__field">
      <span className="kf-predicate__label">{label}</span>
      <input ref={inputRef} type="text" className={mono ? 'kf-input mono' : 'kf-input'} value={text} {...aria} onChange={(e) => onText(e.target.value)} />
    </label>
  );
}
