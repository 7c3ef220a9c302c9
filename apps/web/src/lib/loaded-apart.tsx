import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

/** A component whose code loads apart, and how to ask for that code before it renders. */
export interface LoadedApart<P extends object> {
  (props: P): ReactNode;
  /** Loads the code once; a render after it settles shows the component at once. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A component whose code is its own chunk, shown as soon as the code is there and `fallback`
 * until then. Not React.lazy: a lazy component suspends on its first render even when its code
 * is already loaded, and React 19 then holds the Suspense fallback it showed for 300 ms before it
 * shows what replaced it (the first screen's data waited as long behind the lazy admin layout).
 * A failed load goes to the route's error screen, as a lazy component's does.
 */
export function loadedApart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LoadedApart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  function Part(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (Component) return;
      let current = true;
      preload().then(
        (component) => current && setComponent(() => component),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [Component]);
    if (failure) throw failure.error;
    return Component ? <Component {...props} /> : fallback;
  }
  return Object.assign(Part, { preload });
}
