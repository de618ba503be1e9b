/**
 * How a message reads in the diff: plain text only (contents are untrusted and rendered as text,
 * never as HTML), clipped for the collapsed row, whole on demand.
 */
import { formatCount } from '../format';
import type { Message, Pin } from './diff-model';

/** Characters of a collapsed row's preview; the CSS clips it to two lines anyway. */
export const PREVIEW_CHARS = 320;

/** The text a message shows: its content, then one line per tool call. */
export function messageText(m: Message): string {
  if (m.tool_calls.length === 0) return m.content;
  const calls = m.tool_calls.map((c) => `→ ${c.name}(${c.arguments})`).join('\n');
  return m.content.trim() === '' ? calls : `${m.content}\n${calls}`;
}

/** The start of a text for a collapsed row, newlines kept (the row clips to two lines). */
export function previewText(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

/** More than the two lines a collapsed row shows (about 160 characters a line on a wide screen, less on narrow). */
export function isLong(text: string): boolean {
  if (text.length > 180) return true;
  let newlines = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10 && ++newlines >= 2) return true;
  return false;
}

/**
 * "3 lines · 1,204 characters", on every long row the diff draws: with formatCount, not
 * toLocaleString('en-US') (the page's first Intl formatter, the locale's data: 14 ms of the thread
 * time between a preview's answer and its first rows).
 */
export function sizeOf(text: string): string {
  let lines = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  return `${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'} · ${formatCount(text.length)} characters`;
}

const PIN_LABELS: Record<Pin['reason'], string> = {
  system_prompt: 'system prompt',
  first_operator_message: 'first operator message',
  always_keep_metadata: 'always-keep metadata',
  predicate: 'always-keep predicate',
};

/** "kept: system prompt", "kept: always-keep metadata (hindsight)", "kept: always-keep predicate tests" */
export function pinLabel(pin: Pin): string {
  const base = PIN_LABELS[pin.reason];
  if (pin.detail === null || pin.detail === '') return `kept: ${base}`;
  return pin.reason === 'predicate' ? `kept: predicate ${pin.detail}` : `kept: ${base} (${pin.detail})`;
}

/** A sentence for the pin's tooltip. */
export function pinExplanation(pin: Pin): string {
  switch (pin.reason) {
    case 'system_prompt':
      return 'The system prompt is always kept: it is never a compaction candidate.';
    case 'first_operator_message':
      return "The session's first operator message (the task) is always kept.";
    case 'always_keep_metadata':
      return `A plugin marked this message always_keep${pin.detail ? ` (${pin.detail})` : ''}.`;
    case 'predicate':
      return `It matches the project's always-keep predicate${pin.detail ? ` "${pin.detail}"` : ''}.`;
  }
}
