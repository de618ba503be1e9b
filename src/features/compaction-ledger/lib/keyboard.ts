/**
 * The ledger's and the event detail's keys: j/k move, Enter opens, g/b/n flag good/bad/neutral,
 * x selects the ledger's cursor row for a bulk edit.
 * None fires while the operator types (inputs, text areas, editable text, open menus and
 * dialogs) or holds a modifier, so Ctrl+B, Cmd+K and friends keep their usual meaning.
 */
import type { Schemas } from '../../../domain/contract/types';

export type KeyAction =
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'open' }
  | { type: 'flag'; flag: Schemas['Flag'] }
  | { type: 'select' };

/** The parts of a DOM element the decision needs (tests pass plain objects). */
export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  repeat?: boolean;
  target: KeyTarget | null;
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
/** Where keys belong to something else: menus, list boxes, dialogs. */
const OWNING_WIDGETS = '[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"],[data-radix-popper-content-wrapper]';

export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NON_TEXT_INPUTS.has((target.getAttribute?.('type') ?? 'text').toLowerCase());
  const role = target.getAttribute?.('role');
  return role !== null && role !== undefined && TEXT_ROLES.has(role);
}

function insideOwningWidget(target: KeyTarget | null): boolean {
  return Boolean(target?.closest?.(OWNING_WIDGETS));
}

/** Where Enter opens the active row: nothing focused, or the ledger itself (not a button or link). */
function enterOpens(target: KeyTarget | null): boolean {
  const tag = target?.tagName?.toLowerCase();
  if (!target || tag === 'body' || tag === 'html') return true;
  return Boolean(target.closest?.('[data-ledger-grid]')) && tag !== 'button' && tag !== 'a';
}

const FLAG_KEYS: Record<string, Schemas['Flag']> = { g: 'good', b: 'bad', n: 'neutral' };

/** What a key press means, or null when it is not ours. */
export function keyAction(event: KeyEventLike): KeyAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target) || insideOwningWidget(event.target)) return null;
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      return event.key === 'ArrowDown' && !event.target?.closest?.('[data-ledger-grid]') ? null : { type: 'move', delta: 1 };
    case 'k':
    case 'ArrowUp':
      return event.key === 'ArrowUp' && !event.target?.closest?.('[data-ledger-grid]') ? null : { type: 'move', delta: -1 };
    case 'Enter':
      return enterOpens(event.target) ? { type: 'open' } : null;
    default: {
      if (event.repeat) return null;
      if (event.key === 'x') return { type: 'select' };
      const flag = FLAG_KEYS[event.key];
      return flag ? { type: 'flag', flag } : null;
    }
  }
}

/** keyAction for a DOM keyboard event: only an Element counts as the target. */
export function keyActionOf(event: KeyboardEvent): KeyAction | null {
  return keyAction({
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    repeat: event.repeat,
    defaultPrevented: event.defaultPrevented,
    target: event.target instanceof Element ? event.target : null,
  });
}
