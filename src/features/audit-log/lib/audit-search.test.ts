import { describe, expect, it } from 'vitest';
import { auditTarget, readAuditSearch, toAuditQuery, writeAuditSearch } from './audit-search';

describe('audit search', () => {
  it('reads every filter, drops unknown types, newest first by default', () => {
    const search = readAuditSearch(new URLSearchParams('project=p&session=s&agent=primary&type=compaction.noop,bogus&type=config.changed&actor=harness&from=2026-11-01T00:00:00Z&to=x'));
    expect(search).toEqual({ project: 'p', session: 's', agent: 'primary', types: ['compaction.noop', 'config.changed'], actor: 'harness', from: '2026-11-01T00:00:00.000Z', to: null, oldestFirst: false });
    expect(toAuditQuery(search)).toEqual({ sort: '-at', project_id: 'p', session_id: 's', agent_path: 'primary', type: ['compaction.noop', 'config.changed'], actor: 'harness', from: '2026-11-01T00:00:00.000Z' });
  });

  it('writes types in the contract order and leaves defaults out', () => {
    const params = writeAuditSearch(new URLSearchParams('keep=1'), { types: ['config.changed', 'compaction.failed'], oldestFirst: true });
    expect(params.toString()).toBe('keep=1&type=compaction.failed%2Cconfig.changed&sort=at');
    expect(writeAuditSearch(params, { types: [], oldestFirst: false }).toString()).toBe('keep=1');
  });

  it('links an event to its compaction, its checkpoint, or its session', () => {
    expect(auditTarget({ session_id: 's', compaction_id: 'c', type: 'compaction.completed', data: {} })).toEqual({ kind: 'compaction', sessionId: 's', id: 'c' });
    expect(auditTarget({ session_id: 's', compaction_id: null, type: 'compaction.checkpoint_created', data: { checkpoint_id: 'k' } })).toEqual({ kind: 'checkpoint', sessionId: 's', id: 'k' });
    expect(auditTarget({ session_id: 's', compaction_id: null, type: 'compaction.noop', data: { reason: 'x' } })).toEqual({ kind: 'session', sessionId: 's', id: null });
  });
});
