import { Menu, PanelLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { HEADER_HEIGHT_VAR } from '../../lib/toastPlacement';
import { LogoMark } from '../../components/Logo';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { CountBadge } from '../badges';
import { ConnectionStatus } from '../connection';
import { SearchBoxPlaceholder } from '../search';
import { ThemeToggle } from '../theme';
import { topNavigation } from './navigation';
import { isNavActive } from './routeMatch';
import { tipProps } from './ShellTooltips';
import { useSidebar } from './SidebarProvider';

// The box reads its answers through zod schemas, which the first page leaves for later.
const SearchBox = lazy(async () => ({ default: (await import('../search/SearchBox')).SearchBox }));

function SidebarTrigger() {
  const { isMobile, expanded, mobileOpen, toggle } = useSidebar();
  const label = isMobile
    ? 'Open navigation'
    : expanded
      ? 'Collapse side panel'
      : 'Expand side panel';
  return (
    <Button
      {...tipProps(`${label} (Ctrl+B)`, 'bottom')}
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-expanded={isMobile ? mobileOpen : expanded}
      aria-controls={isMobile ? undefined : 'side-panel'}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={toggle}
    >
      {isMobile ? <Menu aria-hidden /> : <PanelLeft aria-hidden />}
    </Button>
  );
}

/**
 * Publishes the header's height (one row on wide screens, two on narrow ones) as a CSS variable,
 * for what must stay clear of it: the toasts.
 */
function useHeaderHeightVariable() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      root.setProperty(HEADER_HEIGHT_VAR, `${header.getBoundingClientRect().height}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, []);
  return ref;
}

export function TopMenu() {
  const { pathname } = useLocation();
  const ref = useHeaderHeightVariable();
  return (
    <header
      ref={ref}
      data-testid="app-header"
      className="sticky top-0 z-40 flex flex-wrap items-center gap-x-2 border-b bg-background/85 px-2 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4"
    >
      <div className="flex h-14 items-center gap-1.5">
        <SidebarTrigger />
        <Link to="/" aria-label="Agora home" className="rounded-lg md:hidden">
          <LogoMark className="size-7" />
        </Link>
      </div>
      <nav
        aria-label="Main menu"
        className="scrollbar-none order-last -mx-2 w-[calc(100%+1rem)] overflow-x-auto border-t md:order-none md:mx-0 md:w-auto md:min-w-0 md:flex-1 md:border-t-0"
      >
        <ul className="mx-auto flex w-max items-center gap-0.5 px-2 md:px-0">
          {topNavigation.map(({ to, label, icon: Icon, badge }) => {
            const active = isNavActive(to, pathname);
            return (
              <li key={to} className="relative p-1">
                <Link
                  {...tipProps(label, 'bottom')}
                  to={to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'relative flex h-10 w-11 items-center justify-center rounded-lg text-muted-foreground transition-colors lg:w-14',
                    'hover:bg-accent hover:text-accent-foreground',
                    active &&
                      'text-primary after:absolute after:inset-x-2 after:-bottom-1 after:h-0.5 after:rounded-full after:bg-primary',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                  <span className="sr-only">{label}</span>
                </Link>
                {badge && <CountBadge counter={badge} label={label} />}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="ml-auto flex h-14 items-center justify-end gap-1.5 md:ml-0 md:min-w-52">
        <Suspense fallback={<SearchBoxPlaceholder />}>
          <SearchBox />
        </Suspense>
        <ConnectionStatus />
        <ThemeToggle />
      </div>
    </header>
  );
}
