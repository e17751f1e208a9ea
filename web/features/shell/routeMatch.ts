/**
 * Whether a menu entry is the current route. Home covers both readings of the root (`/` and
 * `/home`); other entries also cover their sub-pages (`/profile/stats` highlights Profile).
 */
export function isNavActive(to: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (to === '/') return path === '/' || path === '/home';
  return path === to || path.startsWith(`${to}/`);
}
