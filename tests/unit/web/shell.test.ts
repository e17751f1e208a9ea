import { isNavActive } from '../../../web/features/shell/routeMatch';
import {
  isSidebarShortcut,
  readSidebarExpanded,
  sidebarCookie,
} from '../../../web/features/shell/sidebarState';

describe('isNavActive', () => {
  it('treats / and /home as Home', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/home')).toBe(true);
    expect(isNavActive('/', '/friends')).toBe(false);
  });

  it('highlights an entry on its sub-pages but not on look-alike paths', () => {
    expect(isNavActive('/profile', '/profile/stats')).toBe(true);
    expect(isNavActive('/profile', '/profile/')).toBe(true);
    expect(isNavActive('/posts', '/post/7')).toBe(false);
    expect(isNavActive('/events', '/eventsx')).toBe(false);
  });
});

describe('sidebar state cookie', () => {
  it('starts expanded when there is no cookie', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('theme=dark; other=1')).toBe(true);
  });

  it('reads the stored state', () => {
    expect(readSidebarExpanded('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true')).toBe(true);
  });

  it('is kept for seven days', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('toggles on Ctrl+B and Cmd+B only', () => {
    const key = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSidebarShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, metaKey: true, key: 'B' })).toBe(true);
    expect(isSidebarShortcut(key)).toBe(false);
    expect(isSidebarShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
  });
});
