import type { FontSize, ThemeChoice } from '../../../shared/profiles';

export type Theme = 'light' | 'dark';

/** Spec 001 §3: the choice is kept under `theme` in local storage. */
export const THEME_STORAGE_KEY = 'theme';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The member's stored choice wins, then the system preference, then light. */
export function resolveTheme(stored: unknown, systemPrefersDark: boolean | null): Theme {
  if (isTheme(stored)) return stored;
  if (systemPrefersDark !== null) return systemPrefersDark ? 'dark' : 'light';
  return 'light';
}

export function readStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be blocked (private mode); the choice then lasts for this visit only.
  }
}

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean | null {
  if (typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(DARK_SCHEME_QUERY).matches;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/** A theme setting: a theme, or `system` to follow the device (stored as no choice). */
export function choiceOf(setting: ThemeChoice): Theme | null {
  return setting === 'system' ? null : setting;
}

export const FONT_SIZE_STORAGE_KEY = 'fontSize';
export const FONT_SIZES: readonly FontSize[] = ['small', 'medium', 'large'];

export function isFontSize(value: unknown): value is FontSize {
  return FONT_SIZES.some((size) => size === value);
}

export function readStoredFontSize(): FontSize {
  try {
    const value = window.localStorage.getItem(FONT_SIZE_STORAGE_KEY);
    return isFontSize(value) ? value : 'medium';
  } catch {
    return 'medium';
  }
}

/** The root font size class on <html>: every rem of the app scales with it. */
export const fontSizeClass = (size: FontSize) => `font-size-${size}`;

export function applyFontSize(size: FontSize): void {
  const root = document.documentElement.classList;
  for (const each of FONT_SIZES) root.toggle(fontSizeClass(each), each === size);
}
