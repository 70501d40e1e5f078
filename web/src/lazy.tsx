/**
 * A page loaded on demand: the table page, the one people open most, does not carry the
 * create form, the replay, the rules, the admin page or the embedding guide in its JavaScript;
 * nor, until its first cards are painted, the parts its first cards do not need (the chat, the
 * move log, the result of a game, the score sheet: `afterPaint`) and the seat's settings.
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
      if (afterPaint) whenPainted(start);
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

/** What a page shows while its code loads. */
export const PageLoading = () => (
  <p class="loading" aria-busy="true">
    …
  </p>
);

/**
 * Runs `then` after the frame that shows what was just rendered: that paint carries none of
 * its work. A hidden tab paints no frames (and runs no animation frames): there it runs at once.
 */
export function whenPainted(then: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(then, 0);
  else requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * A module of parts below or beside a page, loaded once the page is painted with `ready` true
 * (the table page: once it shows cards), so that the first paint waits for none of it. The
 * hook answers the module, or null until it is there; a failed load (the connection lost
 * meanwhile) is tried again when the browser is back online. Loaded once for every page.
 */
export function afterPaint<M>(load: () => Promise<M>): (ready: boolean) => M | null {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return function useAfterPaint(ready: boolean): M | null {
    const [module, setModule] = useState<M | null>(loaded);
    useEffect(() => {
      if (module !== null || !ready) return;
      let cancelled = false;
      const start = () => {
        if (cancelled) return;
        (loading ??= load()).then(
          (m) => {
            loaded = m;
            if (!cancelled) setModule(() => m);
          },
          () => {
            loading = null;
            if (!cancelled) addEventListener('online', start, { once: true });
          },
        );
      };
      whenPainted(start);
      return () => {
        cancelled = true;
        removeEventListener('online', start);
      };
    }, [module, ready]);
    return module;
  };
}
