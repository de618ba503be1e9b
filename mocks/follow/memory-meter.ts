// The simulator's memory while it follows a folder (GET /__mock/follow, the bench's follow part):
// now and at its peak. Resident memory's peak is the kernel's (maxRSS); the JavaScript heap's, the
// memory held outside it (`external`: Buffers, typed arrays, strings held by native code) and that
// of ArrayBuffers alone (`array_buffers`: file bytes being read) are the highest sampled (after each
// group read, and twice a second). Node only: null in a browser, which does not say.

import type { FollowMemory, MemoryFigures } from '../daemon/transcripts/followed-session';

interface NodeProcess {
  memoryUsage(): { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  resourceUsage?(): { maxRSS: number };
}

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

export class MemoryMeter {
  private peak: MemoryFigures = { rss: 0, heap_used: 0, external: 0, array_buffers: 0 };
  private readonly process = (globalThis as { process?: Partial<NodeProcess> }).process;

  /** The memory now (MB), its peaks raised by it; null where it cannot be read. */
  sample(): FollowMemory | null {
    if (typeof this.process?.memoryUsage !== 'function') return null;
    const usage = this.process.memoryUsage();
    const now: MemoryFigures = { rss: mb(usage.rss), heap_used: mb(usage.heapUsed), external: mb(usage.external), array_buffers: mb(usage.arrayBuffers) };
    const maxRss = typeof this.process.resourceUsage === 'function' ? Math.round(this.process.resourceUsage().maxRSS / 1024) : 0;
    const p = this.peak;
    this.peak = { rss: Math.max(p.rss, now.rss, maxRss), heap_used: Math.max(p.heap_used, now.heap_used), external: Math.max(p.external, now.external), array_buffers: Math.max(p.array_buffers, now.array_buffers) };
    return { ...now, peak: this.peak };
  }
}
