/** Background work a server process runs beside requests (email worker, alert rules, schedules). */
export interface BackgroundWorker {
  name: string;
  start(): Promise<void>;
  /** Finishes or abandons the work in hand; called before the pools close. */
  stop(): Promise<void>;
}
