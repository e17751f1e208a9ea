import type { StoredEvent } from '../eventstore/stored-event';

/**
 * A per-process cache of read-model rows that the live relay keeps true. The relay hands it every
 * event it reads (and the process hands it the events it has just committed, before the command
 * answers), so a cached row is dropped on every process as soon as that process learns of the
 * change. Each process's relay reads the log within milliseconds of a commit (a NOTIFY wakes it)
 * and at least once a second without one; a cache that has not heard from its relay for a while
 * stops answering on its own (`RelayedMap`), so a relay that cannot read never leaves a cache
 * serving what has changed.
 */
export interface RelayedCache {
  readonly name: string;
  /** Drops whatever these events change. Synchronous: nothing is served from it in between. */
  invalidate(events: readonly StoredEvent[]): void;
  /** Every event committed before `at` (epoch ms) has been handed to `invalidate`. */
  readThrough(at: number): void;
  /** The log was replaced under the relay (a restore): nothing cached holds any more. */
  clear(): void;
}

export interface RelayedMapOptions {
  /** Entries kept at most; the least recently read go first. 0 turns caching off. */
  capacity: number;
  /**
   * How long after the relay's last complete read entries are still trusted. Past it (a relay
   * that cannot reach Postgres, a process that has just started) every read goes to the loader.
   */
  trustMs: number;
  now?: () => number;
}

export interface RelayedMapGroups<V> {
  /**
   * The group an entry belongs to, or each of its groups, so that `deleteGroup` drops every
   * entry of one at once.
   */
  groupOf: (value: V) => string | readonly string[];
}

/**
 * Values by key, loaded on a miss and dropped by the relay. A load that was under way when its key
 * (or anything) was dropped is answered but not kept: it may have read the row before the change
 * committed, and keeping it would bring the old row back after the invalidation. Every drop moves
 * a generation on; a load keeps its value only if the generation it started in is still current.
 */
export class RelayedMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly groups = new Map<string, Set<K>>();
  private generation = 0;
  private trustedUntil = 0;
  private readonly now: () => number;

  constructor(private readonly options: RelayedMapOptions & Partial<RelayedMapGroups<V>>) {
    this.now = options.now ?? Date.now;
  }

  /** Whether entries may be served now: caching is on and the relay has read recently. */
  get trusted(): boolean {
    return this.options.capacity > 0 && this.now() <= this.trustedUntil;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value, or what `load` answers (kept when it is safe to keep). A cached value that
   * `usable` refuses (one that has aged past its own limit) is loaded again.
   */
  async read(
    key: K,
    load: () => Promise<V | undefined>,
    usable: (value: V) => boolean = () => true,
  ): Promise<V | undefined> {
    if (!this.trusted) return load();
    const hit = this.entries.get(key);
    if (hit !== undefined && usable(hit)) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the coldest.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation && this.trusted) {
      this.keep(key, value);
    }
    return value;
  }

  /**
   * The values of many keys at once: the cached ones, and the rest from one `load` of the keys
   * missing (kept on the same terms as `read`'s). A key `load` leaves out has no value.
   */
  async readMany(
    keys: readonly K[],
    load: (missing: K[]) => Promise<ReadonlyMap<K, V>>,
  ): Promise<Map<K, V>> {
    if (!this.trusted) return new Map(await load([...keys]));
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (hit === undefined) {
        missing.push(key);
        continue;
      }
      this.entries.delete(key);
      this.entries.set(key, hit);
      found.set(key, hit);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const loaded = await load(missing);
    const keep = generation === this.generation && this.trusted;
    for (const [key, value] of loaded) {
      found.set(key, value);
      if (keep) this.keep(key, value);
    }
    return found;
  }

  delete(key: K): void {
    this.generation += 1;
    this.remove(key);
  }

  /** Drops every entry of the group (`groupOf`). */
  deleteGroup(group: string): void {
    this.generation += 1;
    for (const key of [...(this.groups.get(group) ?? [])]) this.remove(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.groups.clear();
  }

  private groupsOf(value: V): readonly string[] {
    const groups = this.options.groupOf?.(value) ?? [];
    return typeof groups === 'string' ? [groups] : groups;
  }

  private keep(key: K, value: V): void {
    this.remove(key);
    this.entries.set(key, value);
    for (const group of this.groupsOf(value)) {
      const members = this.groups.get(group) ?? new Set<K>();
      members.add(key);
      this.groups.set(group, members);
    }
    if (this.entries.size > this.options.capacity) {
      this.remove(this.entries.keys().next().value as K);
    }
  }

  private remove(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    for (const group of this.groupsOf(value)) {
      const members = this.groups.get(group);
      members?.delete(key);
      if (members?.size === 0) this.groups.delete(group);
    }
  }

  readThrough(at: number): void {
    this.trustedUntil = Math.max(this.trustedUntil, at + this.options.trustMs);
  }
}
