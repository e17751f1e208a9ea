import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { type QuotablePost, QuoteComposerContext } from '../posts';

/** Loaded on first use: the editor's fields are not needed before a page renders. */
const QuoteDialog = lazy(() => import('./QuoteDialog'));

/**
 * The layout's one quote composer. It is held here rather than by the card it was opened from,
 * so the text typed survives the card going (the original deleted, a list refetched): publishing
 * then says why the quote was refused instead of losing it.
 */
export function QuoteComposerProvider({ children }: { children: ReactNode }) {
  const [quoting, setQuoting] = useState<QuotablePost | null>(null);
  // The dialog has no trigger of its own: closed, it gives the focus back to what opened it.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((post: QuotablePost) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setQuoting(post);
  }, []);
  return (
    <QuoteComposerContext.Provider value={open}>
      {children}
      {quoting && (
        <Suspense fallback={null}>
          <QuoteDialog
            key={quoting.id}
            post={quoting}
            onClose={() => setQuoting(null)}
            returnFocus={() => opener.current}
          />
        </Suspense>
      )}
    </QuoteComposerContext.Provider>
  );
}
