import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component whose code is fetched when first rendered, or earlier through `preload`. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /**
   * Fetches the code now. A page mounted after that renders at once instead of suspending: an
   * app starting from a page the server drew (`web/main.tsx`) replaces it with the same page,
   * not with its skeleton.
   */
  preload(): Promise<void>;
};

/** React.lazy for a named export, so page modules keep named exports. */
export function lazyPage<P extends object, K extends string, M extends Record<K, ComponentType<P>>>(
  load: () => Promise<M>,
  name: K,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const take = (module: M) => (loaded = module[name]);
  const Lazy = lazy(async () => ({ default: take(await load()) }));
  function Page(props: P) {
    // Decided once per mount: a page mounted through React.lazy stays on it, so its element
    // type, and with it its state, never changes under it.
    const [Loaded] = useState<ComponentType<P> | null>(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  Page.displayName = `Lazy(${name})`;
  Page.preload = async () => {
    take(await load());
  };
  return Page;
}
