import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export, so page modules keep named exports. */
export function lazyPage<P extends object, K extends string, M extends Record<K, ComponentType<P>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
