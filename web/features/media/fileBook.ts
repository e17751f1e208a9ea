import type { MediaFile } from '../../../shared/media';

/** What the client learned about one file: its newest state, or that it was deleted (null). */
export interface FileChange {
  key: string;
  file: MediaFile | null;
}

interface Entry extends FileChange {
  seq: number;
}

/**
 * The newest state of every file this client has seen, from responses and pushes alike. Lists
 * come and go (a file leaves Starred when unstarred), so the book, not the lists, answers "is this
 * state newer than what we know?", and it remembers deletions, which no later state undoes.
 * Each thing learned gets a sequence number, so a list loaded meanwhile can catch up with what
 * arrived while its request was in flight.
 */
export class FileBook {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  /** A point to ask `learnedSince` about later. */
  mark(): number {
    return this.seq;
  }

  /** Keeps the state if it is newer than any known; answers whether it was. */
  record(file: MediaFile): boolean {
    const entry = this.entries.get(file.key);
    if (entry && (entry.file === null || entry.file.version >= file.version)) return false;
    this.entries.set(file.key, { key: file.key, file, seq: ++this.seq });
    return true;
  }

  /** Marks the file deleted; answers whether that is news. */
  recordDeleted(key: string): boolean {
    if (this.entries.get(key)?.file === null) return false;
    this.entries.set(key, { key, file: null, seq: ++this.seq });
    return true;
  }

  /** The newest known state; null once deleted, undefined when never seen. */
  newest(key: string): MediaFile | null | undefined {
    return this.entries.get(key)?.file;
  }

  learnedSince(mark: number): FileChange[] {
    return [...this.entries.values()]
      .filter((entry) => entry.seq > mark)
      .map(({ key, file }) => ({ key, file }));
  }
}
