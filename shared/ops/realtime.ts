/**
 * Socket events pushed to the `ops` room (owners only). Each carries a whole current state with a
 * `version`, so a client keeps the newest and a duplicate or a late push cannot roll it back.
 */
export const OPS_EVENTS = {
  /** One backup, with its progress. */
  backup: 'backup',
  /** One restore job, with its progress. */
  restore: 'restore',
  /** One alert. */
  alert: 'alert',
  /** Email queue counts. */
  queue: 'queue',
  /** New monitoring events and metrics. */
  monitoring: 'monitoring',
  /** New log entries. */
  logs: 'logs',
} as const;

export type OpsEvent = (typeof OPS_EVENTS)[keyof typeof OPS_EVENTS];

/** The owner-only message for operator pages and APIs (the server's 403 says the same). */
export const OWNER_ONLY_MESSAGE = 'This needs an owner account.';
