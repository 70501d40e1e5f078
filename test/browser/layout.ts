/**
 * What covers what on a table page: the regions a player must always see and reach (the
 * current trick, the own hand, the controls, the own seat panel, and whatever a test adds)
 * must not be covered by anything positioned over the flow (sticky, fixed, absolute) nor by
 * each other, and a tap at the centre of each card and button in them must reach that card
 * or button. Used by layout.test.ts in every phase; reusable for any other region (pass its
 * selector in `extra`).
 *
 * The page-side function is serialized into the page: it uses nothing from this module and
 * reaches the DOM through `globalThis` with the small types declared here (the root tsconfig
 * has no DOM library).
 */
import type { Page } from 'playwright-core';

/** The regions nothing may cover, by selector. */
export const PROTECTED_REGIONS: readonly string[] = ['[data-trick]', '[data-hand]', '.controls', '.seat-panel.own'];

/** The controls and cards whose centres must be reachable by a tap. */
export const TAP_TARGETS = '[data-hand] [data-card], [data-trick] [data-card], .controls button, .controls input';

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

interface El {
  readonly tagName: string;
  readonly id: string;
  readonly className: unknown;
  readonly parentElement: El | null;
  getAttributeNames(): string[];
  getAttribute(name: string): string | null;
  contains(other: El | null): boolean;
  getBoundingClientRect(): Box & { width: number; height: number };
  getClientRects(): ArrayLike<unknown>;
  scrollIntoView(options: { block: string; inline: string }): void;
  readonly disabled?: boolean;
}
interface Win {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly document: { querySelectorAll(selector: string): ArrayLike<El>; elementFromPoint(x: number, y: number): El | null; readonly body: El };
  getComputedStyle(element: El): { position: string; visibility: string; display: string; opacity: string };
}

/** Runs in the page: every problem found, as a sentence; empty when nothing covers anything it must not. */
function overlapsInPage({ regions, targets }: { regions: readonly string[]; targets: string }): string[] {
  const w = globalThis as unknown as Win;
  const found: string[] = [];
  const describe = (e: El): string => {
    const hooks = e
      .getAttributeNames()
      .filter((name) => name.startsWith('data-') || name === 'aria-label')
      .map((name) => `[${name}="${e.getAttribute(name)}"]`)
      .join('');
    const classes = typeof e.className === 'string' && e.className.trim() !== '' ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
    return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes}${hooks}`;
  };
  const shown = (e: El) => {
    const style = w.getComputedStyle(e);
    const box = e.getBoundingClientRect();
    return e.getClientRects().length > 0 && style.visibility !== 'hidden' && style.opacity !== '0' && box.width > 0 && box.height > 0;
  };
  const boxOf = (e: El): Box => e.getBoundingClientRect();
  const area = (a: Box, b: Box): number =>
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const named = regions.flatMap((selector) =>
    Array.from(w.document.querySelectorAll(selector))
      .filter(shown)
      .map((element) => ({ selector, element })),
  );

  // The regions among themselves.
  for (let i = 0; i < named.length; i++) {
    for (let j = i + 1; j < named.length; j++) {
      const a = named[i]!;
      const b = named[j]!;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const overlap = area(boxOf(a.element), boxOf(b.element));
      if (overlap > 0) found.push(`${a.selector} and ${b.selector} overlap (${Math.round(overlap)} px²)`);
    }
  }
  // Anything taken out of the flow, over a region: looked at with the region scrolled into view
  // (a sticky or fixed element covers different things at different scroll positions).
  const positioned = Array.from(w.document.querySelectorAll('body *')).filter((e) => {
    const position = w.getComputedStyle(e).position;
    return (position === 'sticky' || position === 'fixed' || position === 'absolute') && shown(e);
  });
  for (const { selector, element } of named) {
    element.scrollIntoView({ block: element.getBoundingClientRect().height > w.innerHeight ? 'start' : 'center', inline: 'nearest' });
    for (const e of positioned) {
      if (element.contains(e) || e.contains(element)) continue;
      const overlap = area(boxOf(e), boxOf(element));
      if (overlap > 0) found.push(`${describe(e)} (${w.getComputedStyle(e).position}) covers ${selector} (${Math.round(overlap)} px²)`);
    }
  }
  // A tap at the centre of each card and control reaches it, wherever it is scrolled to.
  for (const target of Array.from(w.document.querySelectorAll(targets)).filter(shown)) {
    target.scrollIntoView({ block: 'center', inline: 'center' });
    const r = target.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = w.document.elementFromPoint(x, y);
    if (hit === null || !target.contains(hit)) {
      found.push(`a tap at the centre of ${describe(target)} reaches ${hit === null ? 'nothing' : describe(hit)} instead`);
    }
  }
  return found;
}

/**
 * Every overlap on `page` of a protected region (PROTECTED_REGIONS and `extra`) with another
 * or with a sticky, fixed or absolutely positioned element, and every card or control
 * (TAP_TARGETS) whose centre a tap does not reach; empty when there is none.
 */
export async function overlaps(page: Page, extra: readonly string[] = []): Promise<string[]> {
  const scrolled = await page.evaluate(() => {
    const w = globalThis as unknown as { scrollX: number; scrollY: number };
    return { x: w.scrollX, y: w.scrollY };
  });
  try {
    return await page.evaluate(overlapsInPage, { regions: [...PROTECTED_REGIONS, ...extra], targets: TAP_TARGETS });
  } finally {
    // The measurement scrolls each target into view: the page is left where it was.
    await page.evaluate((at) => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(at.x, at.y), scrolled);
  }
}
