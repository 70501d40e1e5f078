/**
 * A page loaded on demand: the table page, the one people open most, does not carry the
 * create form, the replay, the rules, the admin page or the embedding guide in its JavaScript;
 * nor, until it is painted, the seat's settings below it.
 */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: () => JSX.Element,
  /**
   * A part below a page rather than a page: loaded only once the page around it is painted,
   * and should that fail (the connection lost meanwhile), tried again when the browser is back
   * online, with nothing said in the page meanwhile.
   */
  { afterPaint = false }: { afterPaint?: boolean } = {},
) {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (component !== null) return;
      let cancelled = false;
      const start = () =>
        void load().then(
          (module) => {
            loaded = module.default;
            if (!cancelled) setComponent(() => module.default);
          },
          (err: unknown) => {
            if (cancelled) return;
            if (afterPaint) addEventListener('online', start, { once: true });
            else setFailed(err instanceof Error ? err.message : String(err));
          },
        );
      // After the frame that shows the page: its first paint carries none of this.
      if (afterPaint) requestAnimationFrame(() => setTimeout(start, 0));
      else start();
      return () => {
        cancelled = true;
        removeEventListener('online', start);
      };
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
