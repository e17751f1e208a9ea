import type { NewEvent } from '../../../shared/events';
import type { Trx } from '../../db/schema';
import { append } from '../../eventstore/append';
import { streamVersion } from '../../eventstore/read';
import type { EventMetadata } from '../../eventstore/stored-event';

/**
 * Every backup stream is in the `backup` category, which a restore never deletes or replaces:
 * the log must keep knowing the backup files that exist (see docs/backup.md).
 */
export function backupStreamId(backupId: string): string {
  return `backup-${backupId}`;
}

export const BACKUP_CONFIG_STREAM = 'backup-config';

/** Appends at the stream's current version; callers hold the backup lock, so it cannot move. */
export async function appendToStream(
  trx: Trx,
  streamId: string,
  events: NewEvent[],
  metadata: EventMetadata = {},
): Promise<void> {
  await append(trx, streamId, await streamVersion(trx, streamId), events, metadata);
}
