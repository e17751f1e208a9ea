import type { ColumnType } from 'kysely';
import type { EventData } from '../../../shared/events';

type Snapshot = Pick<EventData<'ContentBackedUp'>, 'post' | 'comments'>;

/** A snapshot of one post and its comments, restorable with `POST /content/{id}/restore`. */
export interface ContentBackupsTable {
  id: string;
  post_id: string;
  author_id: string;
  actor_id: string;
  /** Written as JSON text. */
  snapshot: ColumnType<Snapshot, string, string>;
  created_at: Date;
}
