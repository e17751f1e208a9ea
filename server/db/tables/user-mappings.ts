/** Each member's uuidv7 mapping (002 §3), one per member. */
export interface UserMappingsTable {
  user_id: string;
  uuidv7: string;
  email: string;
  created_at: Date;
}
