import { Suspense, type ComponentType } from 'react';
import { lazyPage, type LazyPage } from '../lib/lazyPage';

/**
 * A route's page, fetched the first time the route is visited, behind a Suspense boundary of its
 * own that shows `Skeleton` meanwhile. The router moves between routes in a transition, and a
 * transition keeps showing what was there while something suspends, unless the boundary is new:
 * after a sign-up, what was there is the redirect, which shows nothing, so without a boundary of
 * the route's own the page stayed blank until its code arrived.
 */
export function lazyRoute<
  P extends object,
  K extends string,
  M extends Record<K, ComponentType<P>>,
>(load: () => Promise<M>, name: K, Skeleton: ComponentType): LazyPage<P> {
  const Page = lazyPage<P, K, M>(load, name);
  function Route(props: P) {
    return (
      <Suspense fallback={<Skeleton />}>
        <Page {...props} />
      </Suspense>
    );
  }
  Route.displayName = `Route(${name})`;
  Route.preload = Page.preload;
  return Route;
}
