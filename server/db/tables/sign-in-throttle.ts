export interface SignInThrottleTable {
  email: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}
