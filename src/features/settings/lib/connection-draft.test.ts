import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../test-support/memory-storage';
import {
  CONNECTION_DRAFT_KEY,
  CONNECTION_DRAFT_TOKEN_KEY,
  forgetConnectionDraft,
  keepConnectionDraft,
  loadConnectionDraft,
  type ConnectionFormValues,
  type DraftStores,
} from './connection-draft';

const saved: ConnectionFormValues = { apiBaseUrl: '/api/v1', userId: 'operator', token: '', rememberToken: false };
const stores = (): DraftStores & { local: MemoryStorage; session: MemoryStorage } => ({ local: new MemoryStorage(), session: new MemoryStorage() });

describe('the Settings draft', () => {
  it('keeps typed values and lays them over the saved ones', () => {
    const s = stores();
    keepConnectionDraft({ ...saved, apiBaseUrl: 'https://kaged.example/api/v1', userId: 'alice' }, saved, s);
    expect(loadConnectionDraft(saved, s)).toEqual({ ...saved, apiBaseUrl: 'https://kaged.example/api/v1', userId: 'alice' });
  });

  it('keeps a typed token only in session storage', () => {
    const s = stores();
    keepConnectionDraft({ ...saved, token: 's3cret' }, saved, s);
    expect(s.local.getItem(CONNECTION_DRAFT_KEY)).not.toContain('s3cret');
    expect(s.session.getItem(CONNECTION_DRAFT_TOKEN_KEY)).toBe('s3cret');
    expect(loadConnectionDraft(saved, s)?.token).toBe('s3cret');
    // The tab closed: the token is gone, and nothing else differs, so there is no draft.
    expect(loadConnectionDraft(saved, { local: s.local, session: new MemoryStorage() })).toBeNull();
  });

  it('forgets the draft once the values are the saved ones again, or on request', () => {
    const s = stores();
    keepConnectionDraft({ ...saved, userId: 'bob' }, saved, s);
    keepConnectionDraft(saved, saved, s);
    expect(loadConnectionDraft(saved, s)).toBeNull();
    expect(s.local.length).toBe(0);

    keepConnectionDraft({ ...saved, userId: 'bob', token: 't' }, saved, s);
    forgetConnectionDraft(s);
    expect(s.local.length + s.session.length).toBe(0);
  });

  it('ignores an unreadable entry and a draft that matches what is saved now', () => {
    const s = stores();
    s.local.setItem(CONNECTION_DRAFT_KEY, '{oops');
    expect(loadConnectionDraft(saved, s)).toBeNull();
    keepConnectionDraft({ ...saved, userId: 'carol' }, saved, s);
    expect(loadConnectionDraft({ ...saved, userId: 'carol' }, s)).toBeNull();
  });
});
