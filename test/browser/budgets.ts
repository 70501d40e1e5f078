/**
 * The browser tests' time budgets, in a module of their own so that vitest.config.ts (the
 * default of every `expect.poll`) and support.ts take the same figure.
 */

/**
 * How long a test waits for a page to show what it was told or asked: a wait that only ends a
 * hang, not a claim on speed (the product's own claims, such as live.test's second, have
 * their own figures). On the 2-core machine running two suites at once a page opened there
 * drew its first contentful paint 7.4 s after it was asked for, and its table later still:
 * 5 s ended such waits with the page on its way (busy runs, docs/testing.md).
 */
export const SHOWN_WITHIN_MS = 15_000;
