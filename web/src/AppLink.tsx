/** A link within the app: moves without a reload, unless the reader asks for a new tab or window. */
import type { ComponentChildren } from 'preact';
import { navigate } from './router.js';

export function AppLink({
  href,
  children,
  class: className,
  ...hooks
}: {
  href: string;
  children: ComponentChildren;
  class?: string;
  [hook: `data-${string}`]: string | number;
}) {
  return (
    <a
      href={href}
      class={className}
      {...hooks}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
