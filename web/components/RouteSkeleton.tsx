import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * The shape of a page while its code is fetched. It fades in after a moment, so a chunk that
 * arrives at once shows no flash; announced once to screen readers.
 */
function Loading({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      role="status"
      aria-label="Loading page"
      data-testid="route-skeleton"
      className={cn(
        'animate-[fade-in_200ms_ease-out_150ms_both] motion-reduce:animate-none',
        className,
      )}
    >
      <span className="sr-only">Loading page…</span>
      <div aria-hidden className="animate-pulse motion-reduce:animate-none">
        {children}
      </div>
    </div>
  );
}

/** A page header and a few blocks of content, as every page of the layout begins. */
function PageBlocks() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <span className="block h-7 w-48 rounded-md bg-muted" />
        <span className="block h-4 w-72 max-w-full rounded bg-muted" />
      </div>
      <div className="grid gap-4 rounded-xl border bg-card p-6">
        <span className="block h-4 w-full rounded bg-muted" />
        <span className="block h-4 w-11/12 rounded bg-muted" />
        <span className="block h-4 w-2/3 rounded bg-muted" />
      </div>
      <div className="grid gap-4 rounded-xl border bg-card p-6">
        <span className="block h-4 w-full rounded bg-muted" />
        <span className="block h-4 w-3/4 rounded bg-muted" />
      </div>
    </div>
  );
}

/** A page inside the layout: the layout stays, the page's place shows its shape. */
export function PageSkeleton() {
  return (
    <Loading>
      <PageBlocks />
    </Loading>
  );
}

/** A page of its own (sign-in, onboarding, a link's landing page): a card in the middle. */
export function FullPageSkeleton() {
  return (
    <Loading className="flex min-h-svh items-center justify-center px-4 py-10">
      <div className="grid w-[min(32rem,calc(100vw-2rem))] gap-5 rounded-2xl border bg-card p-8">
        <span className="mx-auto block size-10 rounded-xl bg-muted" />
        <span className="mx-auto block h-6 w-56 max-w-full rounded-md bg-muted" />
        <span className="block h-10 w-full rounded-lg bg-muted" />
        <span className="block h-10 w-full rounded-lg bg-muted" />
        <span className="block h-10 w-full rounded-lg bg-muted/70" />
      </div>
    </Loading>
  );
}

/** The layout itself: side panel, top menu and a page. */
export function ShellSkeleton() {
  return (
    <Loading>
      <div className="flex min-h-svh w-full">
        <div className="hidden w-64 shrink-0 border-r bg-sidebar md:block" />
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="h-14 border-b" />
          <div className="flex-1 px-4 py-6 md:px-8 md:py-8">
            <div className="mx-auto w-full max-w-5xl">
              <PageBlocks />
            </div>
          </div>
        </div>
      </div>
    </Loading>
  );
}
