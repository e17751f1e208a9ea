/** A file attached to a post, at its place among the post's media (from 0). */
export interface PostMediaTable {
  post_id: string;
  file_id: string;
  position: number;
}
