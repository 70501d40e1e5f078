/**
 * A page loaded on demand: the table page, the one people open most, does not carry the
 * create form, the replay, the rules, the admin page or the embedding guide in its JavaScript.
 */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: () => JSX.Element) {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (component !== null) return;
      load().then(
        (module) => {
          loaded = module.default;
          setComponent(() => module.default);
        },
        (err: unknown) => setFailed(err instanceof Error ? err.message : String(err)),
      );
    }, [component]);
    if (failed !== null)
      return (
        <p role="alert" data-error>
          {failed}
        </p>
      );
    if (component === null) return fallback();
    const Page = component;
    return <Page {...props} />;
  };
}
