/** Failed sign-ins for an address from every client, against the slower per-address ceiling. */
export interface SignInAddressThrottleTable {
  email: string;
  failures: number;
  window_started_at: Date;
}
