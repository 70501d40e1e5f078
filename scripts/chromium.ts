/**
 * Headless Chromium for the browser tests (test/browser) and the web bench
 * (scripts/web-bench.ts): the system's Chromium through playwright-core, which never
 * downloads a browser of its own.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** CHROMIUM_PATH, else Debian's Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// No sandbox (containers run as root), and nothing that talks to the network by itself.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/** A laptop. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** A small phone: 360 CSS pixels wide, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Launches headless Chromium; fails (never skips) when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (with sudo when not root), ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (no cache, no storage) of the given kind. */
export const newContext = (browser: Browser, kind: 'desktop' | 'phone'): Promise<BrowserContext> =>
  browser.newContext(kind === 'phone' ? PHONE : DESKTOP);
