import type { Generated } from 'kysely';

/** One reported post or comment in the moderation queue. */
export interface ModerationItemsTable {
  target_id: string;
  target_type: 'post' | 'comment';
  /** The post itself, or the post the comment is on. */
  post_id: string;
  author_id: string;
  status: 'open' | 'resolved';
  report_count: Generated<number>;
  last_reported_at: Date;
  last_action: 'approve' | 'hide' | 'remove' | 'warn' | 'suspend' | null;
  /** Bumped by every change to the item or its reports, under the row lock. */
  version: Generated<number>;
}
