// The audit log's "What" column: one line per event, from its data (untrusted: every value is read
// defensively and shown as text). A config change names each knob by the label the knobs screen
// shows, old → new; a rollback says where to, how many compactions it undid and what came back.

import { formatCounted, formatTokens } from '../../../domain/format';
import type { Schemas } from '../../../domain/contract/types';
import { displayKnobValue, knobName } from '../../../domain/knobs/knob-values';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';

type AuditEvent = Schemas['AuditEvent'];

/** Changes listed in a row before "and N more" (the full list is in the cell's title). */
const CHANGES_SHOWN = 20;

function configChanges(data: Record<string, unknown>, labels: ReadonlyMap<string, string>): string {
  const changes = Array.isArray(data.changes) ? data.changes : [];
  const lines: string[] = [];
  for (const c of changes.slice(0, CHANGES_SHOWN)) {
    const change = c as { key?: unknown; old?: unknown; new?: unknown; action?: unknown } | null;
    if (typeof change?.key !== 'string') continue;
    const key = change.key;
    lines.push(`${knobName(labels, key)} ${displayKnobValue(key, change.old)} → ${displayKnobValue(key, change.new)}${change.action === 'unset' ? ' (inherits again)' : ''}`);
  }
  if (changes.length > CHANGES_SHOWN) lines.push(`and ${changes.length - CHANGES_SHOWN} more`);
  const version = typeof data.version === 'number' ? `v${data.version}: ` : '';
  return lines.length === 0 ? `${version}no change listed` : `${version}${lines.join('; ')}`;
}

function rollback(data: Record<string, unknown>): string {
  const undone = Array.isArray(data.compaction_ids) ? data.compaction_ids.length : null;
  const parts = [typeof data.checkpoint_id === 'string' ? `rolled back to ${data.checkpoint_id}` : 'rolled back'];
  const counts: string[] = [];
  if (undone !== null) counts.push(`${formatCounted(undone, 'compaction')} undone`);
  if (typeof data.restored === 'number') counts.push(`${formatCounted(data.restored, 'message')} restored`);
  if (typeof data.superseded === 'number') counts.push(`${data.superseded} superseded`);
  return counts.length > 0 ? `${parts[0]}: ${counts.join(', ')}` : parts[0]!;
}

/** Characters of a session title in a row's hover text (the title is untrusted: bounded whatever its size). */
export const TITLE_HOVER_MAX = 2_000;

/** A row's session: its title when known (in full on hover, up to TITLE_HOVER_MAX characters, with the id), else its id. */
export function sessionName(id: string, title: string | undefined): { text: string; hover: string; titled: boolean } {
  if (title === undefined || title.trim() === '') return { text: id, hover: `Show only session ${id}`, titled: false };
  const chars = Array.from(title.length > TITLE_HOVER_MAX * 2 ? title.slice(0, TITLE_HOVER_MAX * 2) : title);
  const full = chars.length > TITLE_HOVER_MAX ? `${chars.slice(0, TITLE_HOVER_MAX).join('')}…` : chars.join('');
  return { text: chars.slice(0, 200).join(''), hover: `${full}\n${id}: show only this session`, titled: true };
}

const FIELDS = ['reason', 'strategy', 'attempted_strategy', 'flag', 'decision', 'key', 'trigger'] as const;

/** A strategy or trigger by the words the rest of the app uses for it; a value kaged does not document, as it came. */
const VALUE_LABELS: Partial<Record<(typeof FIELDS)[number], Readonly<Record<string, string>>>> = {
  strategy: STRATEGY_LABELS,
  attempted_strategy: STRATEGY_LABELS,
  trigger: TRIGGER_LABELS,
};

function fieldText(key: (typeof FIELDS)[number], value: string): string {
  if (key === 'reason') return value;
  const labels = VALUE_LABELS[key];
  return `${key.replace('_', ' ')}: ${labels && Object.hasOwn(labels, value) ? labels[value] : value}`;
}

/** A count or token figure from the event's data, when it is one (untrusted: anything else is left out). */
function figure(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The figures a compaction's events carry: the estimate that triggered it, the estimate after it, what it superseded. */
function figures(d: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const before = figure(d.threshold_estimate);
  const after = figure(d.after_estimate);
  const superseded = figure(d.superseded_count);
  if (before !== null) parts.push(`estimate ${formatTokens(before)}`);
  if (after !== null) parts.push(`after ${formatTokens(after)}`);
  if (superseded !== null) parts.push(`${formatCounted(superseded, 'message')} superseded`);
  return parts;
}

/** What an audit event did, in one line; `labels`: knob labels by config key (empty while unknown: keys then). */
export function auditWhat(event: AuditEvent, labels: ReadonlyMap<string, string>): string {
  const d = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  if (event.type === 'config.changed') return configChanges(d, labels);
  if (event.type === 'compaction.rolled_back') return rollback(d);
  const parts: string[] = [];
  for (const key of FIELDS) {
    const value = d[key];
    if (typeof value === 'string' && value) parts.push(fieldText(key, value));
  }
  // The figures first: in a narrow column they are what is left when the line is cut.
  return [...figures(d), ...parts].join(' · ');
}
