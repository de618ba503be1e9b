import { describe, expect, it } from 'vitest';
import { jobProgress, planParts, tooLarge, unsafeName, uploadProgress } from './upload-plan';

describe('upload plan', () => {
  it('cuts each file into parts of at most the part size, in order, an empty file included', () => {
    expect(planParts([25, 0, 10], 10)).toEqual([
      { file: 0, offset: 0, end: 10 },
      { file: 0, offset: 10, end: 20 },
      { file: 0, offset: 20, end: 25 },
      { file: 1, offset: 0, end: 0 },
      { file: 2, offset: 0, end: 10 },
    ]);
  });

  it('moves one bar through sending, then the simulator reading and seeding', () => {
    const mib = 1024 * 1024;
    expect(uploadProgress(0, 100 * mib)).toEqual({ fraction: 0, label: 'Sending 0 KB of 100 MB' });
    expect(uploadProgress(300 * 1024, 2 * mib).label).toBe('Sending 300 KB of 2 MB');
    expect(uploadProgress(50 * mib, 100 * mib).fraction).toBeCloseTo(0.125);
    const seeding = jobProgress({ phase: 'seeding', fraction: 0.8, bytes_done: 1, bytes_total: 1, files_done: 1, files_total: 3 });
    expect(seeding.label).toBe('Adding the sessions (1 of 3 files)');
    expect(seeding.fraction).toBeCloseTo(0.85);
    expect(jobProgress({ phase: 'done', fraction: 1, bytes_done: 1, bytes_total: 1, files_done: 3, files_total: 3 })).toEqual({ fraction: 1, label: 'Done' });
  });

  it('names a file over the limit before anything is sent', () => {
    const files = [{ name: 'big.jsonl', file: new Blob([new Uint8Array(3 * 1024 * 1024)]) }, { name: 'small.jsonl', file: new Blob(['{}']) }];
    expect(tooLarge(files, 2 * 1024 * 1024)).toEqual(['big.jsonl is 3 MB (3,145,728 bytes); the simulator takes files up to 2 MB (2,097,152 bytes).']);
    // One byte over: the rounded figures alone would read "200 MB … up to 200 MB".
    const max = 200 * 1024 * 1024;
    const justOver = [{ name: 'x.jsonl', file: { size: max + 1 } as File }];
    expect(tooLarge(justOver, max)).toEqual(['x.jsonl is 200 MB (209,715,201 bytes); the simulator takes files up to 200 MB (209,715,200 bytes).']);
  });
});

describe('unsafeName', () => {
  it('refuses names that climb out of their folder or start at a root, and says so', () => {
    expect(unsafeName('../../x.jsonl')).toBe('../../x.jsonl is not imported: its name leads out of the folder it was chosen from (..).');
    expect(unsafeName('proj/..\\x.jsonl')).not.toBeNull();
    expect(unsafeName('/etc/x.jsonl')).toBe('/etc/x.jsonl is not imported: its name is an absolute path.');
    expect(unsafeName('C:x.jsonl')).not.toBeNull();
    expect(unsafeName('proj/abc/..x.jsonl')).toBeNull();
    expect(unsafeName('proj/abc/subagents/agent-1.jsonl')).toBeNull();
  });
});
