/**
 * Accessibility: axe-core (WCAG 2 A and AA rules) on every kind of page, in both languages
 * and both themes, on a desktop and a phone: the create page (the rules unfolded, the pot's options shown),
 * a table in the doubling window, a table in play with a settlement on show, a declarer
 * deciding on re after a kontra, a declarer naming trump (option trump "named"), the replay,
 * the rules, the embed pages (a spectator's and a seat's table in play, the seat path's refusal of the spectator link, /embed), and
 * the home page listing "Your tables".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { actThroughApi, createTable, openPage, openPrefsMenu, playThroughApi, readView, shuffledDeal, useChromium, type Seat } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe in the page (evaluated through the DevTools protocol, which the page's CSP does not govern). */
async function violationsOf(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Sets language and theme as a reader would, by the header's controls. */
async function choose(page: Page, lang: 'de' | 'en', dark: boolean): Promise<void> {
  // On a phone they are in the header's menu: opened first, and closed again after.
  await openPrefsMenu(page);
  await page.locator(`button[data-lang="${lang}"]`).click();
  const toggle = page.locator('input[data-theme-toggle]');
  if ((await toggle.isChecked()) !== dark) await toggle.click();
  const menu = page.locator('[data-prefs-menu]');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
}

it('every page passes axe-core (WCAG 2.1 A/AA) in German and English, light and dark, desktop and phone', async () => {
  const created = await createTable(base, { name: 'a11y', options: { games: 2, trickHistory: 'all' }, deals: [shuffledDeal(11), shuffledDeal(12)] });
  await playThroughApi(base, created, (views) => views[0]!.gameNumber > 1);
  // A second table in the middle of the play, the own turn on with cards to choose from.
  const playing = await createTable(base, { name: 'a11y play', options: { games: 1, knock: true }, deals: [shuffledDeal(13)] });
  await playThroughApi(base, playing, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
  const playingSeat = (await readView(base, playing.tableId, playing.spectator.token)).turn!;
  // A table where a defender said kontra: the declarer decides on re (R8.2), the others wait.
  const kontra = await createTable(base, { name: 'a11y kontra', options: { games: 1, doubling: false }, deals: [shuffledDeal(14)] });
  await playThroughApi(base, kontra, (views) => views[0]!.phase === 'play');
  const kontraDeclarer = (await readView(base, kontra.tableId, kontra.spectator.token)).declarer!;
  await actThroughApi(base, kontra.tableId, kontra.seats[((kontraDeclarer + 1) % 3) as Seat]!.token, { type: 'kontra' });
  // A table with trump named: the declarer's first card, with the picker (R7.2).
  const naming = await createTable(base, { name: 'a11y trump', options: { games: 1, doubling: false, trump: 'named' }, deals: [shuffledDeal(15)] });
  await playThroughApi(base, naming, (views) => views[0]!.phase === 'play');
  const namingDeclarer = (await readView(base, naming.tableId, naming.spectator.token)).declarer!;

  const pages: { label: string; path: string; ready: string }[] = [
    { label: 'create page', path: '/', ready: 'form[data-form="create"]' },
    { label: 'table with a settlement', path: `/t/${created.tableId}#${created.seats[0]!.token}`, ready: '[data-summary]' },
    { label: 'table in play', path: `/t/${playing.tableId}#${playing.seats[playingSeat]!.token}`, ready: '[data-hand] [data-action="play"]' },
    { label: 'spectator', path: `/t/${created.tableId}#${created.spectator.token}`, ready: '[data-table]' },
    { label: 'declarer deciding on re', path: `/t/${kontra.tableId}#${kontra.seats[kontraDeclarer]!.token}`, ready: '[data-action="re"]' },
    { label: 'declarer naming trump', path: `/t/${naming.tableId}#${naming.seats[namingDeclarer]!.token}`, ready: '[data-trump-picker]' },
    { label: 'replay', path: `/t/${created.tableId}/replay/0#${created.seats[1]!.token}`, ready: '[data-step="next"]' },
    { label: 'rules', path: '/rules', ready: 'article h2' },
    { label: 'admin page', path: `/admin/${playing.tableId}#${playing.admin.token}`, ready: '[data-admin-seat="2"]' },
    // The embed pages have no header: the framing site sets the look in the query.
    { label: 'embed page in play', path: `/embed/${playing.tableId}#${playing.spectator.token}`, ready: '[data-embed] [data-trick] [data-card]' },
    {
      label: 'seat embed page in play',
      path: `/embed/${playing.tableId}/seat#${playing.seats[0]!.token}`,
      ready: '[data-embed] [data-hand] [data-card]',
    },
    {
      label: 'seat embed page refusing the spectator link',
      path: `/embed/${playing.tableId}/seat#${playing.spectator.token}`,
      ready: '[data-error="spectator_link"]',
    },
    { label: 'how to embed a table', path: '/embed', ready: '[data-embed-docs]' },
    // After the table pages above: the links they opened are this device's tables, one of them waiting for a move.
    { label: 'home page with your tables', path: '/', ready: '[data-your-table][data-owes-move="true"] .your-table-facts' },
  ];
  const problems: string[] = [];
  for (const kind of ['desktop', 'phone'] as const) {
    const context = await chromium.context(kind);
    for (const [i, { label, path, ready }] of pages.entries()) {
      // Alternate the languages and themes over the pages, so each pair is checked somewhere.
      const lang = (i + (kind === 'phone' ? 1 : 0)) % 2 === 0 ? 'de' : 'en';
      const dark = (i + (kind === 'phone' ? 0 : 1)) % 2 === 0;
      const embed = path.startsWith('/embed/');
      const url = embed ? `${base}${path.replace('#', `?lang=${lang}&theme=${dark ? 'dark' : 'light'}#`)}` : `${base}${path}`;
      const page = await openPage(context, url, label);
      await page.locator(ready).first().waitFor({ timeout: 10_000 });
      if (!embed) await choose(page, lang, dark);
      if (label === 'replay') for (let step = 0; step < 8; step++) await page.locator('[data-step="next"]').click();
      // The rules unfolded ("More rules") and the pot's options shown: every field of the form is checked.
      if (label === 'create page') {
        await page.locator('details[data-more-rules] > summary').click();
        await page.locator('select[name="allPass"]').selectOption('pot');
      }
      // The away switch unfolded and run to end vacations (none runs here: nothing is sent), its report checked too.
      if (label === 'home page with your tables') {
        await page.locator('details[data-away] > summary').click();
        await page.locator('button[data-away-end]').click();
        await page.locator('[data-away-progress="done"]').waitFor({ timeout: 10_000 });
      }
      // A suit picked: the cards it enables are checked too.
      if (label === 'declarer naming trump') await page.locator('[data-trump-picker] input[data-trump]').first().check();
      for (const v of await violationsOf(page)) problems.push(`${kind}, ${label}, ${lang}${dark ? ', dark' : ''}: ${v}`);
      await page.close();
    }
  }
  expect(problems).toEqual([]);
});
