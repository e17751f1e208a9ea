import type { PushSubscriptionRequest } from '../../../shared/push';

/** The service worker's script, at the root so it controls every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can receive Web Push at all (a secure page with the three APIs). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * Registers the service worker that keeps the app shell for offline use and shows pushes. Only
 * in a build: the dev server's modules change under it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Without it the app still works online; nothing to tell the member.
    });
  // A page drawn ahead starts its scripts after its first paint, often once it has loaded.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register());
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (
    (await navigator.serviceWorker.getRegistration()) ??
    navigator.serviceWorker.register(SERVICE_WORKER_URL)
  );
}

/** The key as `pushManager.subscribe` takes it: the bytes of a base64url text. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function asRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** This browser's subscription if it has one, as the server takes it. */
export async function currentBrowserSubscription(): Promise<PushSubscriptionRequest | null> {
  if (!pushSupported()) return null;
  const found = await (await registration()).pushManager.getSubscription();
  return found ? asRequest(found) : null;
}

/**
 * Asks the member's permission, then subscribes this browser with the server's key. A browser
 * subscribed under an older key is subscribed again.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionRequest> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const { pushManager } = await registration();
  const applicationServerKey = keyBytes(publicKey);
  const existing = await pushManager.getSubscription();
  if (existing) await existing.unsubscribe();
  return asRequest(await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
}

/** Stops this browser's subscription at its push service. */
export async function unsubscribeBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const found = await (await registration()).pushManager.getSubscription();
  await found?.unsubscribe();
}

export class PushPermissionDenied extends Error {
  constructor() {
    super('Notifications are blocked for Agora in this browser.');
    this.name = 'PushPermissionDenied';
  }
}
