import type { BadgeCounter } from '../../../shared/badges';
import { useAppSelector } from '../../state/hooks';
import { selectBadges } from './badgesSlice';

/** Texts a count the way the menu shows it: large numbers are capped at "99+". */
export function formatCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** A live count beside a menu entry; absent while the count is 0 (spec 002 §2). */
export function CountBadge({ counter, label }: { counter: BadgeCounter; label: string }) {
  const count = useAppSelector((state) => selectBadges(state)[counter]);
  if (count <= 0) return null;
  return (
    <span
      role="status"
      data-testid={`badge-${counter}`}
      aria-label={`${label}, ${count} unread`}
      className="pointer-events-none absolute top-0.5 right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-semibold text-destructive-foreground ring-2 ring-background"
    >
      {formatCount(count)}
    </span>
  );
}
