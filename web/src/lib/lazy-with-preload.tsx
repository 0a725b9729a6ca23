import { lazy, useState, type ComponentType } from 'react';

/** A component whose code loads on demand, and can be asked to load early. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is in. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` that can be preloaded, and that renders at once when its code is already in. A plain lazy
 * component suspends on its first render even when its module has loaded, and React 19 holds the reveal of
 * suspended content up to 300 ms after a fallback: on a page whose loader preloaded the code, that hold
 * would delay the component and every read it starts. Each mount keeps the component it started with, so
 * state is never lost to a switch from the lazy wrapper to the loaded one.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (a deploy replaced the chunk, the network dropped) may be tried again.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));

  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload: () => start().then(() => undefined) });
}
