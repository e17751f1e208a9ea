/** A post's search document (the posts projection's; see the search-documents migration). */
export interface PostSearchTable {
  post_id: string;
  created_at: Date;
  /** A tsvector: written and read only in SQL, as its text form otherwise. */
  document: string;
}
