/** rate-limiter-flexible's Postgres store: points used by a key in its current window. */
export interface RateLimitsTable {
  /** The limit's name, a colon, then what it counts (a member, a client, an address). */
  key: string;
  points: number;
  /** When the window ends, in epoch milliseconds. */
  expire: number | null;
}
