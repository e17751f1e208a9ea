import type { ContentFields } from '../../../shared/content/history';
import type { PostStatus } from '../../../shared/posts/schemas';

/** One version of a post: its draft (1), then every edit, restores included. */
export interface PostVersionsTable {
  post_id: string;
  version_no: number;
  author_id: string;
  /** Who made it: the author, or an owner. */
  actor_id: string;
  status: PostStatus;
  fields: ContentFields;
  created_at: Date;
}
