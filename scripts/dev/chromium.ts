/**
 * Headless Chromium for the browser tests (test/browser) and the web bench
 * (scripts/bench/web-bench.ts): the system's Chromium through playwright-core, which never
 * downloads a browser of its own.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer } from 'playwright-core';

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

function expectChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (with sudo when not root), ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
}

/** Launches headless Chromium; fails (never skips) when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  expectChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Launches headless Chromium as a server that other processes connect to (connectChromium):
 * the browser tests' one browser, started by their global setup, instead of one per test file
 * (each launch costs the 2-core machine about a second and a half).
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  expectChromium();
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A connection to the browser of launchChromiumServer, given its endpoint; closing it closes this client's contexts only. */
export const connectChromium = (endpoint: string): Promise<Browser> => chromium.connect(endpoint);

/** A fresh context (no cache, no storage) of the given kind. */
export const newContext = (browser: Browser, kind: 'desktop' | 'phone'): Promise<BrowserContext> =>
  browser.newContext(kind === 'phone' ? PHONE : DESKTOP);
