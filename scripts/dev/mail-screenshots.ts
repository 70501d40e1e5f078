/**
 * docs/notifications.md's pictures of a turn mail's HTML part (worker/notifications/mail/mail-html.ts),
 * by hand: `npm exec tsx scripts/dev/mail-screenshots.ts`. A real game's turn mail (the engine
 * plays it: test/engine/mail-pictures.ts) rendered in headless Chromium as a mail program
 * would, light and dark (`prefers-color-scheme`), on a 390 px phone and at 800 px, whole
 * pages, into docs/screenshots/mail-*.png. No server, no network: the page is set, never
 * fetched. Nothing here is a test (test/browser/mail-html.test.ts checks the links).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mailHtml } from '../../worker/notifications/mail/mail-html.js';
import { partsOf, REPLY_TO, scenesNamed } from '../../test/engine/mail-pictures.js';
import { launchChromium } from './chromium.js';

const out = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/** The scene shown: a defender's turn with a card on the table, kontra and a claim offered. */
const SHOWN = scenesNamed(['Sepp', 'Anna', 'Vroni']).find((scene) => scene.label.startsWith('play, a card on the table'))!;

const SHOTS = [
  { file: 'mail-390.png', width: 390, dark: false, lang: 'en' },
  { file: 'mail-390-dark.png', width: 390, dark: true, lang: 'en' },
  { file: 'mail-800.png', width: 800, dark: false, lang: 'de' },
  { file: 'mail-800-dark.png', width: 800, dark: true, lang: 'de' },
] as const;

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      const html = mailHtml(
        partsOf(SHOWN.picture, shot.lang, 'Stammtisch'),
        REPLY_TO,
        shot.lang === 'de' ? 'Wallachen: Du bist dran am Tisch Stammtisch' : 'Wallachen: your turn at Stammtisch',
      );
      const context = await browser.newContext({ viewport: { width: shot.width, height: 800 }, deviceScaleFactor: 1, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: shot.dark ? 'dark' : 'light' });
      await page.setContent(html);
      await page.screenshot({ path: `${out}${shot.file}`, fullPage: true });
      await context.close();
      process.stderr.write(`mail screenshots: docs/screenshots/${shot.file}\n`);
    }
  } finally {
    await browser.close();
  }
}

await main();
