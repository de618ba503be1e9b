import { describe, expect, it } from 'vitest';
import { BACKLOG_THRESHOLDS, backlogVerdict, LagMeter } from './backlog';

describe('backlogVerdict', () => {
  it('is current while few frames wait and they are applied promptly', () => {
    expect(backlogVerdict({ pending: 0, lagMs: 0 }, false)).toBe('current');
    expect(backlogVerdict({ pending: 50, lagMs: 400 }, false)).toBe('current');
    expect(backlogVerdict({ pending: 3, lagMs: null }, false)).toBe('current');
  });

  it('is behind when the queue grows or frames are applied late', () => {
    expect(backlogVerdict({ pending: BACKLOG_THRESHOLDS.behindFrames, lagMs: 0 }, false)).toBe('behind');
    expect(backlogVerdict({ pending: 0, lagMs: BACKLOG_THRESHOLDS.behindLagMs }, false)).toBe('behind');
  });

  it('stays behind until both the queue and the lateness are well under the thresholds (no flicker)', () => {
    expect(backlogVerdict({ pending: 50, lagMs: 100 }, true)).toBe('behind');
    expect(backlogVerdict({ pending: 5, lagMs: 1_000 }, true)).toBe('behind');
    expect(backlogVerdict({ pending: 5, lagMs: 100 }, true)).toBe('current');
  });

  it('drops the backlog when far behind, by queue or by lateness', () => {
    expect(backlogVerdict({ pending: BACKLOG_THRESHOLDS.dropFrames, lagMs: 0 }, true)).toBe('drop');
    expect(backlogVerdict({ pending: 0, lagMs: BACKLOG_THRESHOLDS.dropLagMs }, false)).toBe('drop');
  });
});

describe('LagMeter', () => {
  it('measures lateness from the quickest delivery seen, whatever the clocks’ offset', () => {
    const meter = new LagMeter();
    // The daemon's clock runs 10 s behind the browser's.
    expect(meter.lag(1_000, 11_020)).toBe(0);
    expect(meter.lag(2_000, 12_020)).toBe(0);
    expect(meter.lag(3_000, 15_020)).toBe(2_000);
    // A quicker delivery lowers the floor.
    expect(meter.lag(4_000, 14_010)).toBe(0);
    expect(meter.lag(5_000, 15_510)).toBe(500);
  });

  it('knows nothing of an unreadable stamp, and starts over after reset', () => {
    const meter = new LagMeter();
    expect(meter.lag(Number.NaN, 5)).toBeNull();
    meter.lag(0, 100);
    meter.reset();
    expect(meter.lag(0, 5_000)).toBe(0);
  });
});
