/**
 * Members who deleted their account. Not a read model: a rebuild never empties it and a restore
 * never replaces it, so the redaction of their events can be applied again after a restore.
 */
export interface ErasedMembersTable {
  user_id: string;
  erased_at: Date;
}
