export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  /** SHA-256 of the code, hex. */
  code_hash: string;
  used_at: Date | null;
}
