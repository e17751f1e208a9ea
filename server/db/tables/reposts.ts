export interface RepostsTable {
  post_id: string;
  member_id: string;
  reposted_at: Date;
  feed_seq: number;
}

export interface PostQuotesTable {
  quote_id: string;
  quoted_id: string;
}
