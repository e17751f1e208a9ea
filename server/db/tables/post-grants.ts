/** One action of a post its author opened to one member by name, beyond the post's audience. */
export interface PostGrantsTable {
  post_id: string;
  user_id: string;
  action: 'view' | 'comment' | 'share';
}
