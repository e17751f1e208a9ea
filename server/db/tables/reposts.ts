import type { Generated } from 'kysely';

export interface RepostsTable {
  post_id: string;
  member_id: string;
  reposted_at: Date;
  feed_seq: number;
}

export interface PostQuotesTable {
  quote_id: string;
  quoted_id: string;
  /** False while the quote is in the trash: it then no longer counts on the original. */
  counted: Generated<boolean>;
}
