/** The pages whose visits the analytics count: the home feed at / (000 §2), once per session. */
export const PAGE_VIEW_PATHS = ['/'] as const;
export type PageViewPath = (typeof PAGE_VIEW_PATHS)[number];
