// The always-keep predicates editor's pure side: a knob value (whatever the daemon or the
// operator's unsaved edits hold) as rows of text fields, and each edit (add, change a field,
// remove) as the next list value. The form validates the list with the schema generated for
// the knob (knob-validator), so what a row may hold is decided there, not here.

/** The fields a predicate may have (the contract's AlwaysKeepPredicate). */
export const PREDICATE_ROLES = ['system', 'user', 'assistant', 'tool'] as const;
export type PredicateField = 'id' | 'description' | 'role' | 'content_regex' | 'tool_name';

/** Fields dropped from a predicate when emptied: an empty criterion is no criterion. */
const OPTIONAL: readonly PredicateField[] = ['role', 'content_regex', 'tool_name'];

/** One row of the editor: each field as text (empty when absent), or the raw item when it is not an object. */
export type PredicateRow = { kind: 'predicate'; fields: Record<PredicateField, string> } | { kind: 'other'; text: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asText = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The value as a list; anything else (not a list) has no rows. */
export function predicateList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The rows to draw for a value. */
export function predicateRows(value: unknown): PredicateRow[] {
  return predicateList(value).map((item) =>
    isRecord(item)
      ? { kind: 'predicate', fields: { id: asText(item.id), description: asText(item.description), role: asText(item.role), content_regex: asText(item.content_regex), tool_name: asText(item.tool_name) } }
      : { kind: 'other', text: asText(item) },
  );
}

/** An id no predicate of the list has yet: keep-1, keep-2, … */
export function freshPredicateId(list: readonly unknown[]): string {
  const taken = new Set(list.map((p) => (isRecord(p) ? p.id : undefined)));
  let n = list.length + 1;
  while (taken.has(`keep-${n}`)) n += 1;
  return `keep-${n}`;
}

/** The list with a new predicate at its end (an id and no criterion yet: the form says what it still needs). */
export function addPredicate(value: unknown): unknown[] {
  const list = predicateList(value);
  return [...list, { id: freshPredicateId(list), description: '' }];
}

/** The list with one field of one predicate changed; an optional field emptied is removed. Other fields (even unknown ones) are kept. */
export function setPredicateField(value: unknown, index: number, field: PredicateField, text: string): unknown[] {
  const list = predicateList(value);
  return list.map((item, i) => {
    if (i !== index) return item;
    const next: Record<string, unknown> = isRecord(item) ? { ...item } : { id: '', description: '' };
    if (text === '' && OPTIONAL.includes(field)) delete next[field];
    else next[field] = text;
    return next;
  });
}

/** The list without the predicate at `index`. */
export function removePredicate(value: unknown, index: number): unknown[] {
  return predicateList(value).filter((_, i) => i !== index);
}

/** A row's name for labels and buttons: its id, or its position when it has none. */
export function predicateName(row: PredicateRow, index: number): string {
  return row.kind === 'predicate' && row.fields.id.trim() !== '' ? row.fields.id : `#${index + 1}`;
}
