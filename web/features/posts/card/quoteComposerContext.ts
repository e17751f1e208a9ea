import { createContext, useContext } from 'react';
import type { QuotablePost } from '../editor/quoteComposer';

/** Opens the quote composer on a post; null outside the layout, where there is none. */
export const QuoteComposerContext = createContext<((post: QuotablePost) => void) | null>(null);

export const useQuoteComposer = () => useContext(QuoteComposerContext);
