import type { Generated } from 'kysely';

/** A member's push subscription, one per browser (the push projection). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** A summary of the browser's user agent ("Firefox on Linux"). */
  device: string;
  created_at: Date;
}

/** Where a subscription is reached (operational: never in the log). */
export interface PushEndpointsTable {
  subscription_id: string;
  user_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url, as the Push API gives them. */
  p256dh: string;
  auth: string;
  /** Registered, refreshed by the browser, or last delivered to. */
  last_used_at: Date;
}

/** A push waiting for, in, or done with delivery. */
export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  notification_id: string;
  event_position: number;
  title: string;
  body: string;
  url: string;
  status: Generated<'pending' | 'processing' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  claim_id: Generated<string | null>;
  claimed_at: Generated<Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
