import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '../../lib/cn';
import { isSlashShortcut, noteEarlySlash } from './slashShortcut';

/** The box's width, the same before and after its module has loaded, so the bar never shifts. */
export const SEARCH_BOX_WIDTH = 'w-36 sm:w-52 lg:w-64';

/**
 * What the top bar shows for the few moments before the search box's module arrives: the box
 * reads answers through their zod schemas, which the first page does not load (the bundle
 * budget, tests/unit/web-bundle-budget.test.ts). A `/` pressed meanwhile is kept for the box.
 */
export function SearchBoxPlaceholder() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSlashShortcut(event)) return;
      event.preventDefault();
      noteEarlySlash();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div
      aria-hidden
      className={cn(
        'relative flex h-9 items-center rounded-lg border border-input bg-background pl-8 text-sm text-muted-foreground shadow-xs',
        SEARCH_BOX_WIDTH,
      )}
    >
      <Search className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
      Search
    </div>
  );
}
