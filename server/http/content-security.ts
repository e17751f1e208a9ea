import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Where the third-party ad network's script, its requests and its ad frames come from. */
export const AD_NETWORK_SOURCES = {
  script: ['https://pagead2.googlesyndication.com', 'https://tpc.googlesyndication.com'],
  frame: ['https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com'],
  image: ['https://pagead2.googlesyndication.com', 'https://tpc.googlesyndication.com'],
  connect: ['https://pagead2.googlesyndication.com'],
} as const;

export interface SecurityOptions {
  https: boolean;
  /** Whether the ad network is configured (`ADSENSE_CLIENT_ID`): only then may it load. */
  adNetwork: boolean;
}

/**
 * Helmet's headers with a strict Content-Security-Policy: this origin only, and the ad
 * network's hosts only when the server configures the network.
 */
export function contentSecurityPolicy({ https, adNetwork }: SecurityOptions): RequestHandler {
  const ads = (kind: keyof typeof AD_NETWORK_SOURCES) =>
    adNetwork ? AD_NETWORK_SOURCES[kind] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...ads('script')],
        // Toasts and Radix set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...ads('image')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...ads('connect')],
        mediaSrc: ["'self'", 'blob:'],
        ...(adNetwork ? { frameSrc: ["'self'", ...ads('frame')] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
}
