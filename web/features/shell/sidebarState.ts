import { cookieValue } from '../../lib/cookies';
import { SIDEBAR } from '../../../shared/constants';

/** The stored expanded/collapsed state; a first visit starts expanded. */
export function readSidebarExpanded(cookieHeader: string): boolean {
  return cookieValue(cookieHeader, SIDEBAR.cookieName) !== 'false';
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
