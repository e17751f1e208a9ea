import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys';

/** A push to one browser: where it goes, the keys it is encrypted to, and what it says. */
export interface PushDelivery {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
}

/**
 * How a push service answered. `gone`: 404 or 410, the subscription is no more (RFC 8030 §7.3).
 * `retry`: it may go through later (429, 5xx, no answer). `refused`: it never will as it is.
 */
export type PushOutcome =
  { status: 'sent' } | { status: 'gone' | 'retry' | 'refused'; error: string };

export interface PushTransport {
  send(delivery: PushDelivery): Promise<PushOutcome>;
}

/** Long enough for a phone asleep overnight, short enough that a push never arrives stale. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Every address an endpoint's host resolves to is checked as the socket connects (see
 * link-previews/safe-fetch.ts): a subscription's endpoint is member-given, and must not reach the
 * server's own network. No keep-alive, so no connection checked for one host serves another.
 */
const filteringHttps = new RequestFilteringHttpsAgent({ keepAlive: false });
const unfiltered = new http.Agent({ keepAlive: false });

export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { status: 'sent' };
  const error = `The push service answered ${status}`;
  if (status === 404 || status === 410) return { status: 'gone', error };
  if (status === 429 || status >= 500) return { status: 'retry', error };
  return { status: 'refused', error };
}

/**
 * Sends pushes as RFC 8030 has it: `web-push` encrypts the payload (RFC 8291, aes128gcm) and
 * signs the request (VAPID, RFC 8292); the POST itself goes through the filtering agent, and
 * over plain http only to the test origin a test configures.
 */
export function createPushTransport(options: {
  vapid: () => VapidKeys;
  testOrigin?: string;
}): PushTransport {
  return {
    async send(delivery) {
      const keys = options.vapid();
      const details = webpush.generateRequestDetails(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        delivery.payload,
        {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const url = new URL(details.endpoint);
      const plain = url.protocol === 'http:';
      if (plain && url.host !== options.testOrigin) {
        return { status: 'refused', error: 'Push endpoints must be https' };
      }
      try {
        const status = await post(url, details.headers, details.body, plain);
        return outcomeOf(status);
      } catch (cause) {
        const message = cause instanceof Error ? cause.message : String(cause);
        // The filtering agent's refusal will not change on a retry.
        if (/is not allowed/u.test(message)) return { status: 'refused', error: message };
        return { status: 'retry', error: message || 'The push service did not answer' };
      }
    },
  };
}

function post(
  url: URL,
  headers: Record<string, string | number>,
  body: Buffer | null,
  plain: boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = plain ? http.request : https.request;
    const req = send(url, {
      method: 'POST',
      agent: plain ? unfiltered : filteringHttps,
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
