import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type CardView = 'grid' | 'list';

/** The cards of a tab, as a responsive grid or a single column (the grid/list toggle). */
export function CardList({
  view,
  label,
  children,
}: {
  view: CardView;
  label: string;
  children: ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      data-view={view}
      className={cn(
        view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3',
      )}
    >
      {children}
    </ul>
  );
}
