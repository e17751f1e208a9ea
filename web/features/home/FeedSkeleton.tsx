function SkeletonCard() {
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5" aria-hidden>
      <div className="flex items-center gap-3">
        <span className="size-10 rounded-full bg-muted" />
        <div className="grid flex-1 gap-2">
          <span className="h-3.5 w-32 rounded bg-muted" />
          <span className="h-3 w-20 rounded bg-muted" />
        </div>
      </div>
      <span className="h-3.5 w-full rounded bg-muted" />
      <span className="h-3.5 w-11/12 rounded bg-muted" />
      <span className="h-3.5 w-2/3 rounded bg-muted" />
      <span className="mt-1 h-8 w-full rounded bg-muted/60" />
    </div>
  );
}

/** The feed's first load: the shape of the cards to come, announced once to screen readers. */
export function FeedSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4" data-testid="feed-loading">
      <span className="sr-only">Loading posts…</span>
      <div className="grid animate-pulse gap-4 motion-reduce:animate-none">
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
      </div>
    </div>
  );
}
