/**
 * The installable app's icons (web/public/manifest.webmanifest), drawn from the favicon by
 * headless Chromium: `npx tsx scripts/build/icons.ts` writes web/public/icons/*.png (committed).
 * "any": the card on a transparent square; "maskable": on the felt green, within the middle
 * 60 % so that a launcher's circle or rounded square never cuts it (the safe zone is 80 %).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../dev/chromium.js';

const publicDir = fileURLToPath(new URL('../../web/public/', import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const FELT = '#2f6b45';

const page = (size: number, maskable: boolean) => `<!doctype html><html><body style="margin:0">
  <div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${maskable ? FELT : 'transparent'}">
    <div style="width:${maskable ? 60 : 100}%;height:${maskable ? 60 : 100}%">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
  </div></body></html>`;

const browser = await launchChromium();
try {
  mkdirSync(`${publicDir}icons`, { recursive: true });
  for (const [name, size, maskable] of [
    ['icon-192', 192, false],
    ['icon-512', 512, false],
    ['maskable-512', 512, true],
  ] as const) {
    const tab = await browser.newPage({ viewport: { width: size, height: size } });
    await tab.setContent(page(size, maskable));
    writeFileSync(`${publicDir}icons/${name}.png`, await tab.screenshot({ omitBackground: !maskable }));
    await tab.close();
  }
} finally {
  await browser.close();
}
