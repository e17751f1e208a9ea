import { adsMessages } from '../../../shared/ads';

const NETWORK_SCRIPT = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

const loads = new Map<string, Promise<void>>();

/** Loads the network's script once per client id; a failed load may be tried again later. */
export function loadNetworkScript(clientId: string): Promise<void> {
  const known = loads.get(clientId);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `${NETWORK_SCRIPT}?client=${encodeURIComponent(clientId)}`;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loads.delete(clientId);
      reject(new Error(adsMessages.networkLoadFailed));
    };
    document.head.append(script);
  });
  loads.set(clientId, loading);
  return loading;
}

/** Asks the network to fill the `<ins>` just mounted; it throws when it cannot. */
export function pushNetworkSlot(): void {
  (window.adsbygoogle ??= []).push({});
}
