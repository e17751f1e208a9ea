import { createContext } from 'react';

/**
 * The `Cookie` header of the request a page is drawn for on the server (`web/app/first-screen.tsx`),
 * where there is no `document.cookie`; null in a browser, which reads its own.
 */
export const RequestCookieContext = createContext<string | null>(null);
