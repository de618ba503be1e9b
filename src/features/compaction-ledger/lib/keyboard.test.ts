import { describe, expect, it } from 'vitest';
import { isTypingTarget, keyAction, type KeyEventLike, type KeyTarget } from './keyboard';

function element(tagName: string, attributes: Record<string, string> = {}, inside: string[] = []): KeyTarget {
  return {
    tagName: tagName.toUpperCase(),
    isContentEditable: attributes.contenteditable === 'true',
    getAttribute: (name) => attributes[name] ?? null,
    closest: (selector) => (inside.some((s) => selector.includes(s)) ? {} : null),
  };
}

function press(key: string, target: KeyTarget | null = element('body'), extra: Partial<KeyEventLike> = {}): ReturnType<typeof keyAction> {
  return keyAction({ key, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target, ...extra });
}

describe('typing targets', () => {
  it.each([
    ['a text input', element('input'), true],
    ['a search input', element('input', { type: 'search' }), true],
    ['a text area', element('textarea'), true],
    ['a select', element('select'), true],
    ['editable text', element('div', { contenteditable: 'true' }), true],
    ['a combobox', element('button', { role: 'combobox' }), true],
    ['a checkbox', element('input', { type: 'checkbox' }), false],
    ['a button', element('button'), false],
    ['the page', element('body'), false],
    ['nothing', null, false],
  ])('%s', (_name, target, expected) => {
    expect(isTypingTarget(target)).toBe(expected);
  });
});

describe('ledger keys', () => {
  it('moves with j and k, flags with g, b and n', () => {
    expect(press('j')).toEqual({ type: 'move', delta: 1 });
    expect(press('k')).toEqual({ type: 'move', delta: -1 });
    expect(press('g')).toEqual({ type: 'flag', flag: 'good' });
    expect(press('b')).toEqual({ type: 'flag', flag: 'bad' });
    expect(press('n')).toEqual({ type: 'flag', flag: 'neutral' });
  });

  it('opens with Enter from the page or the ledger, not from a button or link', () => {
    expect(press('Enter')).toEqual({ type: 'open' });
    expect(press('Enter', element('div', {}, ['data-ledger-grid']))).toEqual({ type: 'open' });
    expect(press('Enter', element('button', {}, ['data-ledger-grid']))).toBeNull();
    expect(press('Enter', element('a'))).toBeNull();
  });

  it('uses the arrow keys only inside the ledger, leaving page scrolling alone', () => {
    expect(press('ArrowDown')).toBeNull();
    expect(press('ArrowDown', element('div', {}, ['data-ledger-grid']))).toEqual({ type: 'move', delta: 1 });
    expect(press('ArrowUp', element('div', {}, ['data-ledger-grid']))).toEqual({ type: 'move', delta: -1 });
  });

  it('does nothing while the operator types', () => {
    for (const key of ['j', 'k', 'g', 'b', 'n', 'Enter']) {
      expect(press(key, element('textarea'))).toBeNull();
      expect(press(key, element('input'))).toBeNull();
    }
  });

  it('does nothing inside menus and dialogs', () => {
    expect(press('g', element('div', {}, ['role="dialog"']))).toBeNull();
    expect(press('j', element('div', { role: 'menuitemcheckbox' }, ['role="menu"']))).toBeNull();
  });

  it('leaves modified keys and handled events alone, and does not repeat flags', () => {
    expect(press('b', undefined, { ctrlKey: true })).toBeNull();
    expect(press('k', undefined, { metaKey: true })).toBeNull();
    expect(press('g', undefined, { altKey: true })).toBeNull();
    expect(press('j', undefined, { defaultPrevented: true })).toBeNull();
    expect(press('g', undefined, { repeat: true })).toBeNull();
    expect(press('j', undefined, { repeat: true })).toEqual({ type: 'move', delta: 1 });
  });

  it('x selects the cursor row for a bulk edit, once per press', () => {
    expect(press('x')).toEqual({ type: 'select' });
    expect(press('x', undefined, { repeat: true })).toBeNull();
  });

  it('ignores other keys', () => {
    expect(press('y')).toBeNull();
    expect(press('G')).toBeNull();
  });
});
