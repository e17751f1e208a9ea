import type { PostStatus, PostVisibility } from '../../../shared/posts/schemas';

/**
 * A post's search document (the posts projection's; see the search-documents migration), with
 * the columns of the post the relations policy reads, kept equal to the post's by a trigger (the
 * search-policy-columns migration).
 */
export interface PostSearchTable {
  post_id: string;
  created_at: Date;
  /** A tsvector: written and read only in SQL, as its text form otherwise. */
  document: string;
  author_id: string;
  visibility: PostVisibility;
  status: PostStatus;
  moderation_state: 'visible' | 'hidden' | 'removed';
  deleted_at: Date | null;
}
