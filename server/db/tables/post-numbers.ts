export interface PostNumbersTable {
  author_id: string;
  last_number: number;
}
