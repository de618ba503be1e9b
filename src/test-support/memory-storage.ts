/** A Web Storage in memory, for unit tests of what the app keeps in localStorage / sessionStorage. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  /** Refuses writes longer than this, as a full quota does. */
  constructor(private readonly limit = Number.POSITIVE_INFINITY) {}
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    if (value.length > this.limit) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(key, value);
  }
}
