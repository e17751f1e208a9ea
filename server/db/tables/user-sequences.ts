/** The last value handed out by each member's own sequence. */
export interface UserSequencesTable {
  user_id: string;
  value: number;
}
