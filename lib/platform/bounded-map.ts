/**
 * A map of at most `limit` entries that forgets the one set longest ago
 * first: the in-process memos (search excerpts, page images, the dev
 * compile's markdown and static trees) stay bounded however long a server
 * runs. Their values are cheap to make again, so a plain insertion order
 * (which a Map keeps) is enough; a hit does not move an entry.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Removes `key` only while it still holds `value` (a failed load, not one made since). */
  deleteIf(key: K, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}
