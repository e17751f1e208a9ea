// What the build (scripts/pwa-plugin.ts) writes above the service worker's text.
declare const VERSION: string;
declare const PRECACHE: string[];
