/** Failed sign-ins per address and client (the spec's five in 15 minutes), and own clients. */
export interface SignInThrottleTable {
  email: string;
  /** The client's address as `clientAddress` keys it (an IPv6 client by its /64). */
  client: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
  /** When the member last signed in from this client: it is theirs, and passes the ceiling. */
  signed_in_at: Date | null;
}
