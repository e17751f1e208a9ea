import { SIDEBAR } from '../../../shared/constants';

/** The stored expanded/collapsed state; a first visit starts expanded. */
export function readSidebarExpanded(cookieHeader: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR.cookieName) return value !== 'false';
  }
  return true;
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR.cookieName}=${expanded}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}

/** Ctrl+B, or Cmd+B on a Mac, toggles the side panel. */
export function isSidebarShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR.keyboardShortcut &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}
