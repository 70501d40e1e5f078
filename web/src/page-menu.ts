/**
 * A place in the header's ☰ menu for what the page shown offers besides the reader's own
 * preferences (the table page: the seat's choices at that table). The page puts its items
 * here while it is shown; the header draws them.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

let items: ComponentChildren = null;
const listeners = new Set<(next: ComponentChildren) => void>();

function setItems(next: ComponentChildren): void {
  items = next;
  for (const listener of listeners) listener(next);
}

/** What the page offers in the menu now (for the header). */
export function usePageMenu(): ComponentChildren {
  const [shown, setShown] = useState<ComponentChildren>(items);
  useEffect(() => {
    listeners.add(setShown);
    setShown(items);
    return () => void listeners.delete(setShown);
  }, []);
  return shown;
}

/** Shows `node` in the menu while the calling component is mounted and `node` is what it renders. */
export function useInPageMenu(node: ComponentChildren, deps: readonly unknown[]): void {
  useEffect(() => {
    setItems(node);
    return () => setItems(null);
  }, deps);
}
