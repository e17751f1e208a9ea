/** Objects larger than this are always streamed from storage: thumbnails and variants fit. */
export const HOT_OBJECT_MAX_BYTES = 256 * 1024;

interface HotObject {
  bytes: Buffer;
  fileId: string;
}

/**
 * The bytes of small stored objects (variants, small originals) kept in memory by each process,
 * the least recently served dropped first past `maxBytes`. A storage key's bytes never change: a
 * file's key is never reused and a variant's name is the hash of its parameters, so nothing here
 * can be stale, only gone. Whether an object may be served is decided before its bytes are looked
 * for, on the file's row, which the relay keeps true; the bytes of a file are dropped with its
 * row on the file's events, and a purge drops its variants on the process that ran it (another
 * process serves the same bytes a new render would make, until the file changes).
 */
export class HotObjects {
  private readonly entries = new Map<string, HotObject>();
  private readonly byFile = new Map<string, Set<string>>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  /** Whether an object of this size is worth keeping. */
  keeps(size: number): boolean {
    return size <= HOT_OBJECT_MAX_BYTES && size <= this.maxBytes;
  }

  get(storageKey: string): Buffer | undefined {
    const hit = this.entries.get(storageKey);
    if (!hit) return undefined;
    this.entries.delete(storageKey);
    this.entries.set(storageKey, hit);
    return hit.bytes;
  }

  set(storageKey: string, fileId: string, bytes: Buffer): void {
    if (!this.keeps(bytes.length)) return;
    this.remove(storageKey);
    this.entries.set(storageKey, { bytes, fileId });
    const keys = this.byFile.get(fileId) ?? new Set<string>();
    keys.add(storageKey);
    this.byFile.set(fileId, keys);
    this.total += bytes.length;
    while (this.total > this.maxBytes) this.remove(this.entries.keys().next().value as string);
  }

  /** Every object of the file: its original, its poster, its variants. */
  dropFile(fileId: string): void {
    for (const key of this.byFile.get(fileId) ?? []) this.remove(key);
  }

  /** The variants under a prefix of the file's (a purge), keeping its original. */
  dropVariants(fileId: string, variantsPrefix: string): void {
    for (const key of [...(this.byFile.get(fileId) ?? [])]) {
      if (key.startsWith(`${variantsPrefix}/`)) this.remove(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byFile.clear();
    this.total = 0;
  }

  private remove(storageKey: string): void {
    const entry = this.entries.get(storageKey);
    if (!entry) return;
    this.entries.delete(storageKey);
    this.total -= entry.bytes.length;
    const keys = this.byFile.get(entry.fileId);
    keys?.delete(storageKey);
    if (keys?.size === 0) this.byFile.delete(entry.fileId);
  }
}
