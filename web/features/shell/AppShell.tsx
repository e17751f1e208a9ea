import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../../components/PageStates';
import { rememberClock } from '../../lib/clock';
import { QuoteComposerProvider } from '../reposts';
import { FloatingAdSlot } from './FloatingAdSlot';
import { Footer } from '../../components/Footer';
import { ShellTooltips } from './ShellTooltips';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './SidebarProvider';
import { TopMenu } from './TopMenu';

/** Spec 002 §2: side panel, top menu, scrolling content, floating ad; the footer of spec 000. */
export function AppShell({ children }: { children?: ReactNode }) {
  // Only a member's pages are drawn by the server, so only a member's browser tells it its clock;
  // a visitor's page never asks Intl for it (docs/performance.md, "The member's clock without
  // Intl").
  useEffect(rememberClock, []);
  return (
    <SidebarProvider>
      <a
        href="#main-content"
        className="sr-only z-[10002] rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-svh">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopMenu />
          {/* At least a screen tall: the footer starts below the fold and is not pushed down (a
              layout shift) when the page's content replaces its loading state. */}
          <main
            id="main-content"
            tabIndex={-1}
            className="min-h-svh flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
          >
            <div className="mx-auto w-full max-w-5xl">
              <QuoteComposerProvider>
                <Suspense fallback={<LoadingState />}>{children ?? <Outlet />}</Suspense>
              </QuoteComposerProvider>
            </div>
          </main>
          <Footer />
        </div>
      </div>
      <FloatingAdSlot />
      <ShellTooltips />
    </SidebarProvider>
  );
}
