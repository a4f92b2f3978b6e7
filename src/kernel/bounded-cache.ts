/**
 * A map that keeps at most `capacity` entries, dropping those least recently used: for caches
 * of rows that never change once written, where a miss only costs a read.
 *
 * Entries live in two generations of at most half the capacity each. Use puts an entry in the
 * recent one; when that is full it becomes the older one and the previous older generation is
 * dropped whole. A hit in the recent generation is one Map lookup: keeping a strict LRU order
 * instead (delete and re-insert on every hit) cost a list page of 50 invoices about 6% of its
 * time in Map churn.
 *
 * The capacity counts entries, or, given `weigh`, the entries' weights (e.g. bytes): a
 * generation is full when the weights put in it reach half the capacity.
 */
export class BoundedCache<K, V> {
  private recent = new Map<K, V>();
  private older = new Map<K, V>();
  private recentWeight = 0;
  private readonly generationSize: number;

  constructor(capacity: number, private readonly weigh: (value: V) => number = () => 1) {
    this.generationSize = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: K): V | undefined {
    const value = this.recent.get(key);
    if (value !== undefined) return value;
    const aged = this.older.get(key);
    if (aged !== undefined) {
      this.older.delete(key);
      this.remember(key, aged);
    }
    return aged;
  }

  set(key: K, value: V): void {
    this.older.delete(key);
    const replaced = this.recent.get(key);
    if (replaced === undefined) return this.remember(key, value);
    this.recent.set(key, value);
    this.recentWeight += this.weigh(value) - this.weigh(replaced);
  }

  delete(key: K): void {
    const dropped = this.recent.get(key);
    if (dropped !== undefined) this.recentWeight -= this.weigh(dropped);
    this.recent.delete(key);
    this.older.delete(key);
  }

  private remember(key: K, value: V): void {
    if (this.recentWeight >= this.generationSize) {
      this.older = this.recent;
      this.recent = new Map();
      this.recentWeight = 0;
    }
    this.recent.set(key, value);
    this.recentWeight += this.weigh(value);
  }
}
