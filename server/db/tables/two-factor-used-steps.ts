export interface TwoFactorUsedStepsTable {
  user_id: string;
  /** The RFC 6238 time step of the last code a sign-in took. */
  time_step: number;
}
