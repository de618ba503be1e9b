import { describe, expect, it } from 'vitest';
import { addPredicate, freshPredicateId, predicateName, predicateRows, removePredicate, setPredicateField } from './predicate-edit';

const LIST = [
  { id: 'errors', description: 'tool errors', tool_name: 'bash', content_regex: 'Error' },
  { id: 'user', description: '', role: 'user' },
];

describe('always-keep predicates editor', () => {
  it('draws each predicate as text fields, empty where absent, and an item that is not an object as raw text', () => {
    expect(predicateRows([...LIST, 'odd', 3])).toEqual([
      { kind: 'predicate', fields: { id: 'errors', description: 'tool errors', role: '', content_regex: 'Error', tool_name: 'bash' } },
      { kind: 'predicate', fields: { id: 'user', description: '', role: 'user', content_regex: '', tool_name: '' } },
      { kind: 'other', text: 'odd' },
      { kind: 'other', text: '3' },
    ]);
    expect(predicateRows(null)).toEqual([]);
    expect(predicateRows({ id: 'x' })).toEqual([]);
  });

  it('adds a predicate with a fresh id and no criterion yet, leaving the others as they were', () => {
    const next = addPredicate(LIST);
    expect(next.slice(0, 2)).toEqual(LIST);
    expect(next[2]).toEqual({ id: 'keep-3', description: '' });
    expect(addPredicate(undefined)).toEqual([{ id: 'keep-1', description: '' }]);
    expect(freshPredicateId([{ id: 'keep-2' }, { id: 'keep-3' }])).toBe('keep-4');
  });

  it('changes one field of one predicate, drops an optional field emptied, keeps required ones and unknown fields', () => {
    const next = setPredicateField([...LIST, { id: 'x', description: 'd', role: 'tool', colour: 'red' }], 2, 'role', '');
    expect(next[2]).toEqual({ id: 'x', description: 'd', colour: 'red' });
    expect(next[0]).toBe(LIST[0]);
    expect(setPredicateField(LIST, 0, 'tool_name', 'read')[0]).toEqual({ ...LIST[0], tool_name: 'read' });
    expect(setPredicateField(LIST, 1, 'id', '')[1]).toEqual({ id: '', description: '', role: 'user' });
    expect(setPredicateField(LIST, 1, 'description', '')[1]).toEqual({ id: 'user', description: '', role: 'user' });
    expect(setPredicateField(['odd'], 0, 'role', 'user')).toEqual([{ id: '', description: '', role: 'user' }]);
  });

  it('removes one predicate and names rows by id or position', () => {
    expect(removePredicate(LIST, 0)).toEqual([LIST[1]]);
    expect(removePredicate(LIST, 5)).toEqual(LIST);
    const rows = predicateRows([{ id: ' ', description: '' }, ...LIST]);
    expect(predicateName(rows[0]!, 0)).toBe('#1');
    expect(predicateName(rows[1]!, 1)).toBe('errors');
  });
});
