import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { SIDEBAR } from '../../../shared/constants';
import { RequestCookieContext } from '../../lib/requestCookie';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from './sidebarState';

interface SidebarContextValue {
  /** Under 768 px the panel is a sheet that slides in over the page. */
  isMobile: boolean;
  expanded: boolean;
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery(`(max-width: ${SIDEBAR.mobileBreakpointPx - 1}px)`);
  const drawnFor = useContext(RequestCookieContext);
  const [expanded, setExpanded] = useState(() => readSidebarExpanded(drawnFor ?? document.cookie));
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((current) => !current);
  }, [isMobile]);

  useEffect(() => {
    document.cookie = sidebarCookie(expanded);
  }, [expanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ isMobile, expanded, mobileOpen, setMobileOpen, toggle }),
    [isMobile, expanded, mobileOpen, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
