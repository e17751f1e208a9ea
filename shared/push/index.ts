import { z } from 'zod';
import { text } from '../api/text';

export const pushMessages = {
  endpointInvalid: 'This push endpoint cannot be used: it must be an https URL.',
  keysInvalid: 'The subscription keys are not a P-256 public key and a 16-byte auth secret.',
  limitReached: (max: number) =>
    `You can receive push notifications on at most ${max} browsers. Remove one you no longer use first.`,
  notFound: 'Push subscription not found',
} as const;

/** Browsers one member may receive pushes on at once. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 20;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** How many bytes a base64url text decodes to (its padding, if any, left out). */
function decodedLength(text: string): number {
  const bare = text.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it: the push service's URL and
 * the keys the payload is encrypted to (an uncompressed P-256 point of 65 bytes, a 16-byte
 * secret). Whether the URL may be reached is decided by the server's configuration.
 */
export const pushSubscriptionRequestSchema = z.strictObject({
  endpoint: text({
    error: pushMessages.endpointInvalid,
    max: 2048,
    maxMessage: pushMessages.endpointInvalid,
  }).refine((endpoint) => URL.canParse(endpoint), pushMessages.endpointInvalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string({ error: pushMessages.keysInvalid })
      .regex(BASE64URL, pushMessages.keysInvalid)
      .refine((key) => decodedLength(key) === 65, pushMessages.keysInvalid),
    auth: z
      .string({ error: pushMessages.keysInvalid })
      .regex(BASE64URL, pushMessages.keysInvalid)
      .refine((key) => decodedLength(key) === 16, pushMessages.keysInvalid),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushSubscriptionIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A subscription as its member sees it in the list: never its endpoint or keys. */
export const pushSubscriptionSchema = z.object({
  id: z.uuid(),
  /** The browser and system its user agent names ("Firefox on Linux"). */
  device: z.string(),
  createdAt: z.iso.datetime(),
  /** Registered, refreshed by the browser, or last delivered to. */
  lastUsedAt: z.iso.datetime(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionListSchema = z.object({
  /** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
  publicKey: z.string(),
  subscriptions: z.array(pushSubscriptionSchema),
});
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

export const pushSubscriptionAnswerSchema = z.object({ subscription: pushSubscriptionSchema });
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswerSchema>;

/**
 * What a push carries, encrypted to the browser: the notification's text and where it leads,
 * nothing else. The service worker shows it and opens `url` on a click.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of this site (`/profile/...`). */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
