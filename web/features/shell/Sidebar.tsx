import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LogoMark } from '../../components/Logo';
import { cn } from '../../lib/cn';
import { useSession } from '../auth';
import { LogoutButton } from './LogoutButton';
import {
  moderationNavigation,
  operatorNavigation,
  sideNavigation,
  type NavEntry,
} from './navigation';
import { isNavActive } from './routeMatch';
import { tipProps } from './ShellTooltips';
import { useSidebar } from './SidebarProvider';
import { UserCard } from '../../components/UserCard';

const MobileSidebar = lazy(async () => ({
  default: (await import('./MobileSidebar')).MobileSidebar,
}));

interface NavListProps {
  entries: readonly NavEntry[];
  compact: boolean;
  onNavigate?: () => void;
}

function NavList({ entries, compact, onNavigate }: NavListProps) {
  const { pathname } = useLocation();
  return (
    <ul className="grid gap-0.5">
      {entries.map(({ to, label, icon: Icon }) => {
        const active = isNavActive(to, pathname);
        return (
          <li key={to}>
            <Link
              {...tipProps(label, 'right', compact)}
              to={to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition-colors',
                'text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                active && 'bg-sidebar-accent text-sidebar-accent-foreground',
                compact && 'justify-center px-0',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              <span className={cn('truncate', compact && 'sr-only')}>{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SidebarBody({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { user } = useSession();

  return (
    // Tooltips in the side panel open at once (spec 002 §9: delay 0 in the sidebar).
    <div data-tip-delay="0" className="contents">
      <div className="flex h-14 shrink-0 items-center gap-2.5 px-2.5">
        <Link
          to="/"
          onClick={onNavigate}
          className={cn('flex items-center gap-2.5 rounded-lg', compact && 'mx-auto')}
          aria-label="Agora home"
        >
          <LogoMark className="size-7" />
          {!compact && <span className="text-lg font-semibold tracking-tight">Agora</span>}
        </Link>
      </div>
      {user && (
        <div className={cn('px-2 pb-2', compact && 'px-1.5')}>
          <UserCard user={user} compact={compact} />
        </div>
      )}
      <nav aria-label="Side panel" className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
        <NavList entries={sideNavigation} compact={compact} onNavigate={onNavigate} />
        {(user?.role === 'moderator' || user?.role === 'owner') && (
          <div className="mt-3 border-t border-sidebar-border pt-3">
            <NavList entries={moderationNavigation} compact={compact} onNavigate={onNavigate} />
          </div>
        )}
        {user?.role === 'owner' && (
          <section
            aria-labelledby="operator-nav"
            className="mt-3 border-t border-sidebar-border pt-3"
          >
            <h2
              id="operator-nav"
              className={cn(
                'px-2.5 pb-1 text-xs font-medium text-sidebar-foreground/60',
                compact && 'sr-only',
              )}
            >
              Operations
            </h2>
            <NavList entries={operatorNavigation} compact={compact} onNavigate={onNavigate} />
          </section>
        )}
      </nav>
      <div className="shrink-0 border-t border-sidebar-border p-2">
        {user ? (
          <LogoutButton compact={compact} />
        ) : (
          <Link
            to="/login"
            onClick={onNavigate}
            className={cn(
              'flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium text-primary hover:bg-sidebar-accent',
              compact && 'justify-center px-0',
            )}
          >
            <LogIn className="size-4 shrink-0" aria-hidden />
            <span className={cn(compact && 'sr-only')}>Sign In</span>
          </Link>
        )}
      </div>
    </div>
  );
}

/** Spec 002 §2/§4: 16rem wide, 3rem when collapsed to icons, a slide-in sheet on small screens. */
export function Sidebar() {
  const { isMobile, expanded, mobileOpen, setMobileOpen } = useSidebar();

  if (isMobile) {
    return (
      <Suspense fallback={null}>
        <MobileSidebar open={mobileOpen} onOpenChange={setMobileOpen}>
          <SidebarBody compact={false} onNavigate={() => setMobileOpen(false)} />
        </MobileSidebar>
      </Suspense>
    );
  }

  // Hidden on a small screen by its style too: the page the server draws cannot ask the screen's
  // width, and draws this panel (SIDEBAR.mobileBreakpointPx, the query `useSidebar` asks).
  return (
    <aside
      id="side-panel"
      data-state={expanded ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 flex h-svh shrink-0 max-[767px]:hidden flex-col overflow-hidden border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-out',
        expanded ? 'w-64' : 'w-12',
      )}
    >
      <SidebarBody compact={!expanded} />
    </aside>
  );
}
