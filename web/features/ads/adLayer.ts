/** The ad slots' code, loaded once the first page is idle (see `web/app/pages.ts`). */
export { FloatingAd } from './FloatingAd';
export { InlineAd } from './InlineAd';
