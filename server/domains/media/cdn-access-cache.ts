import { mediaEvents } from '../../../shared/events/media';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import { RelayedMap, type RelayedCache } from '../../realtime/relayed-cache';
import { fileIdOfKey } from './file-keys';
import type { FileRow } from './file-presenter';
import { HotObjects } from './hot-objects';

/**
 * How long rows stay trusted after the relay's last complete read of the log. An idle relay reads
 * every second, a busy one every few milliseconds; past this the relay is taken to be stuck and
 * every request asks Postgres again.
 */
const TRUST_MS = 3000;

/** What `/cdn` needs of a file to serve it: nothing that changes without a file event. */
export type DeliveredFile = Pick<
  FileRow,
  | 'id'
  | 'key'
  | 'poster_key'
  | 'owner_id'
  | 'is_public'
  | 'name'
  | 'mime_type'
  | 'kind'
  | 'size'
  | 'sha256'
  | 'uploaded_at'
  | 'version'
>;

const isFileEvent = (
  event: StoredEvent,
): event is Extract<StoredEvent, { type: keyof typeof mediaEvents }> =>
  Object.hasOwn(mediaEvents, event.type);

async function readDeliveredFile(db: Db, fileId: string): Promise<DeliveredFile | undefined> {
  return db
    .selectFrom('files')
    .select([
      'id',
      'key',
      'poster_key',
      'owner_id',
      'is_public',
      'name',
      'mime_type',
      'kind',
      'size',
      'sha256',
      'uploaded_at',
      'version',
    ])
    .where('id', '=', fileId)
    .executeTakeFirst() as Promise<DeliveredFile | undefined>;
}

/** The members who blocked `memberId` or whom they blocked. */
async function readBlockedEitherWay(db: Db, memberId: string): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom('blocks')
    .select(['user_id', 'blocked_user_id'])
    .where((eb) => eb.or([eb('user_id', '=', memberId), eb('blocked_user_id', '=', memberId)]))
    .execute();
  return new Set(rows.map((r) => (r.user_id === memberId ? r.blocked_user_id : r.user_id)));
}

/**
 * `fileVisible` of the relations policy, judged in memory: always the owner; a public file, every
 * signed-in member with no block either way with the owner. A file attached to a post
 * (`fileInVisiblePost`) adds nothing here: a post's author is its file's owner, and a block hides
 * the author's posts too. A private file asked for by anyone else can still be theirs through a
 * post: `undefined` says Postgres must judge it.
 */
export function visibleWithoutPostgres(
  file: Pick<DeliveredFile, 'owner_id' | 'is_public'>,
  viewerId: string,
  blockedEitherWay: ReadonlySet<string>,
): boolean | undefined {
  if (file.owner_id === viewerId) return true;
  if (file.is_public) return !blockedEitherWay.has(file.owner_id);
  return undefined;
}

/**
 * What `/cdn` reads on every request, kept per process: each file's row (by file id: a file's key
 * and its poster's both start with it), each reader's blocks, and the bytes of small objects
 * (`HotObjects`). Any event of a file's stream drops its row and its bytes, a block or unblock
 * drops both members' blocks, and an erased account drops everything (its files and blocks went
 * without events of their own).
 */
export class CdnAccessCache implements RelayedCache {
  readonly name = 'cdn-access';
  readonly objects: HotObjects;
  private readonly files: RelayedMap<string, DeliveredFile>;
  private readonly blocks: RelayedMap<string, ReadonlySet<string>>;

  constructor(limits: { entries: number; objectBytes: number }, now?: () => number) {
    this.files = new RelayedMap({ capacity: limits.entries, trustMs: TRUST_MS, now });
    this.blocks = new RelayedMap({ capacity: limits.entries, trustMs: TRUST_MS, now });
    this.objects = new HotObjects(limits.objectBytes);
  }

  /** The file the key names (the file or its video's poster), if it exists. */
  async file(db: Db, key: string): Promise<DeliveredFile | undefined> {
    const fileId = fileIdOfKey(key);
    const row = await this.files.read(fileId, () => readDeliveredFile(db, fileId));
    return row && (row.key === key || row.poster_key === key) ? row : undefined;
  }

  async blockedEitherWay(db: Db, memberId: string): Promise<ReadonlySet<string>> {
    return (await this.blocks.read(memberId, () => readBlockedEitherWay(db, memberId)))!;
  }

  invalidate(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (isFileEvent(event)) {
        this.files.delete(event.data.fileId);
        this.objects.dropFile(event.data.fileId);
      } else if (event.type === 'MemberBlocked' || event.type === 'MemberUnblocked') {
        this.blocks.delete(event.data.userId);
        this.blocks.delete(event.data.blockedUserId);
      } else if (event.type === 'AccountDeleted') {
        this.clear();
      }
    }
  }

  readThrough(at: number): void {
    this.files.readThrough(at);
    this.blocks.readThrough(at);
  }

  clear(): void {
    this.files.clear();
    this.blocks.clear();
    this.objects.clear();
  }
}
