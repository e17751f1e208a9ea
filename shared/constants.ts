/** Constants of the spec shared by server and client. */
export const RECONNECT = { maxAttempts: 5, initialDelayMs: 1000 } as const;
/** 000 §9: the live connection's health is checked every 30 s (socket.io's ping). */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;
export const TOAST = { visible: 3, durationMs: 4000, gap: 14, width: 356 } as const;
export const SIDEBAR = {
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 604800,
  mobileBreakpointPx: 768,
  keyboardShortcut: 'b',
} as const;
export const SESSION_COOKIE = 'agora_session';
export const REMEMBER_ME_DAYS = 30;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SIGN_IN_THROTTLE = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
};
