const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const nameIn = (table: typeof BROWSERS, userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * What the settings list calls a browser: its name and system from the user agent ("Firefox on
 * Linux"), coarse on purpose, so it tells a member's devices apart without keeping a
 * fingerprint. Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = nameIn(BROWSERS, agent);
  const system = nameIn(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
