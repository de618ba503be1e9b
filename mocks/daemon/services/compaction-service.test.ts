import { describe, expect, it } from 'vitest';
import { loadFixturesFromDisk } from '../../importers/node-fixtures';
import { dryRun, manualCompact } from './compaction-service';
import { seedStore } from '../seeding/seed';

describe('a dry run previews exactly what a commit at the same point does', () => {
  it('on every agent of the seeded real and generated sessions, fallback chains included', () => {
    const store = seedStore({ seed: 24, scale: 'normal', transcripts: loadFixturesFromDisk() });
    let compared = 0;
    let fellBack = 0;
    for (const session of store.sessions.values()) {
      if (session.pending_checkpoint_id) continue;
      for (const agent of session.agents) {
        const request = { agent_path: agent.agent_path, lower_threshold: 0.3 };
        const preview = dryRun(store, session.id, request);
        const committed = manualCompact(store, session.id, request, 'ana', null);
        if (!committed.record) continue;
        compared += 1;
        if (committed.record.fallback_occurred) fellBack += 1;
        expect(preview.record.fallback_chain, `${session.id} ${agent.agent_path}`).toEqual(committed.record.fallback_chain);
        expect(preview.record.superseded_message_ids, `${session.id} ${agent.agent_path}`).toEqual(committed.record.superseded_message_ids);
        expect(preview.record.after_estimate).toBe(committed.record.after_estimate);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(5);
    // The django-11133 session's compactor times out: the preview must show the same fallback to drop.
    expect(fellBack).toBeGreaterThanOrEqual(1);
  });
});
