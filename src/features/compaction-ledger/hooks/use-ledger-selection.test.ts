import { beforeEach, describe, expect, it } from 'vitest';
import { idRange, selectionOf, useLedgerSelection } from './use-ledger-selection';

describe('ledger selection', () => {
  beforeEach(() => useLedgerSelection.getState().clear());
  const s = () => useLedgerSelection.getState();

  it('ticks and unticks in one view; another view starts with none', () => {
    s().set('ses_a?flag=bad', [['c1', 'ses_a']], true);
    s().set('ses_a?flag=bad', [['c2', 'ses_a'], ['c3', 'ses_a']], true);
    s().set('ses_a?flag=bad', [['c2', 'ses_a']], false);
    expect(selectionOf(s(), 'ses_a?flag=bad')).toEqual({ c1: 'ses_a', c3: 'ses_a' });
    expect(s().anchor).toBe('c2');
    expect(selectionOf(s(), 'ses_a')).toEqual({});
    s().set('ses_a', [['c9', 'ses_a']], true);
    expect(selectionOf(s(), 'ses_a')).toEqual({ c9: 'ses_a' });
    expect(selectionOf(s(), 'ses_a?flag=bad')).toEqual({});
  });

  it('keeps only the events a bulk edit could not finish', () => {
    s().set('*', [['c1', 'ses_a'], ['c2', 'ses_b'], ['c3', 'ses_c']], true);
    s().keep('*', ['c2', 'c4']);
    expect(selectionOf(s(), '*')).toEqual({ c2: 'ses_b' });
    s().keep('other', []);
    expect(selectionOf(s(), '*')).toEqual({ c2: 'ses_b' });
  });

  it('a range runs from the anchor to the event, either way, in the view order', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    expect(idRange(ids, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(idRange(ids, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(idRange(ids, null, 'c')).toEqual(['c']);
    expect(idRange(ids, 'gone', 'c')).toEqual(['c']);
  });
});
