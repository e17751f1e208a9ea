export interface TwoFactorTable {
  user_id: string;
  /** Sealed (`secret-box.ts`), never the secret itself. */
  pending_secret: string | null;
  secret: string | null;
  enabled_at: Date | null;
  updated_at: Date;
}
