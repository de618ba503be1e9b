// The always-keep set (agent.md § Always-keep set): system prompt(s), the first operator
// message, messages plugins marked always_keep via metadata, and operator predicates.
// Pins are computed, never trusted from input.

// The simulator checks outside patterns as the daemon would, from the start: it installs their engine.
import '../../src/domain/knobs/outside-pattern-engine';
import { compileOutsidePattern, type OutsidePattern } from '../../src/domain/knobs/outside-pattern';
import type { AlwaysKeepPredicate, Message, Pin } from './types';

export interface PredicateError {
  predicate_id: string;
  message: string;
}

interface CompiledPredicate {
  id: string;
  role: AlwaysKeepPredicate['role'];
  /** Run in linear time (an operator's pattern, run over whole transcripts). */
  regex: OutsidePattern | null;
  toolName: string | undefined;
}

export interface CompiledPredicates {
  predicates: CompiledPredicate[];
  errors: PredicateError[];
}

/** Compiles predicates; an invalid regex or a predicate with no criterion is reported and ignored. */
export function compilePredicates(predicates: readonly AlwaysKeepPredicate[]): CompiledPredicates {
  const compiled: CompiledPredicate[] = [];
  const errors: PredicateError[] = [];
  for (const p of predicates) {
    if (p.role === undefined && p.content_regex === undefined && p.tool_name === undefined) {
      errors.push({ predicate_id: p.id, message: 'predicate has no criterion (role, content_regex or tool_name)' });
      continue;
    }
    let regex: OutsidePattern | null = null;
    if (p.content_regex !== undefined) {
      const compiled = compileOutsidePattern(p.content_regex);
      if (compiled.pattern === null) {
        errors.push({ predicate_id: p.id, message: `invalid content_regex: it ${compiled.problem}` });
        continue;
      }
      regex = compiled.pattern;
    }
    compiled.push({ id: p.id, role: p.role, regex, toolName: p.tool_name });
  }
  return { predicates: compiled, errors };
}

function usesTool(m: Message, name: string): boolean {
  return m.tool_name === name || m.tool_calls.some((c) => c.name === name);
}

/** Every present criterion must match. */
export function predicateMatches(p: CompiledPredicate, m: Message): boolean {
  if (p.role !== undefined && m.role !== p.role) return false;
  if (p.regex !== null && !p.regex.test(m.content)) return false;
  if (p.toolName !== undefined && !usesTool(m, p.toolName)) return false;
  return true;
}

/** A compaction summary has role system but is not a system prompt: a later compaction may fold it. */
function isSystemPrompt(m: Message): boolean {
  return m.role === 'system' && m.metadata.kind !== 'compaction_summary';
}

/** The id of the session's first operator message: the first user message, superseded or not. */
export function firstOperatorMessageId(messages: readonly Message[]): string | null {
  return messages.find((m) => m.role === 'user')?.id ?? null;
}

/** The pin of one message, in precedence order: system prompt, first operator message, metadata, predicate. */
export function pinFor(m: Message, firstOperatorId: string | null, predicates: readonly CompiledPredicate[]): Pin | null {
  if (isSystemPrompt(m)) return { reason: 'system_prompt', detail: null };
  if (m.id === firstOperatorId) return { reason: 'first_operator_message', detail: null };
  if (m.metadata.always_keep) return { reason: 'always_keep_metadata', detail: m.metadata.always_keep_source };
  const hit = predicates.find((p) => predicateMatches(p, m));
  return hit ? { reason: 'predicate', detail: hit.id } : null;
}

export interface PinResult {
  /** The same list with `pin` recomputed (new objects where it changed; input never mutated). */
  messages: Message[];
  errors: PredicateError[];
}

function samePin(a: Pin | null, b: Pin | null): boolean {
  return a === b || (a !== null && b !== null && a.reason === b.reason && a.detail === b.detail);
}

export function computePins(messages: readonly Message[], predicates: readonly AlwaysKeepPredicate[]): PinResult {
  const { predicates: compiled, errors } = compilePredicates(predicates);
  const firstOperatorId = firstOperatorMessageId(messages);
  const out = messages.map((m) => {
    const pin = pinFor(m, firstOperatorId, compiled);
    return samePin(pin, m.pin) ? m : { ...m, pin };
  });
  return { messages: out, errors };
}
