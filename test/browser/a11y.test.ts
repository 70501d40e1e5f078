/**
 * Accessibility: axe-core (WCAG 2 A and AA rules) on every kind of page, in both languages
 * and both themes, on a desktop and a phone: the create page (the rules unfolded, the pot's options shown),
 * a table in the doubling window, a table in play with a settlement on show, a declarer
 * deciding on re after a kontra, a declarer naming trump (option trump "named"), the replay,
 * the rules, the embed pages (a spectator's and a seat's table in play, the seat path's refusal of the spectator link, /embed), and
 * the home page listing "Your tables".
 *
 * Each page on each device is a test of its own, with the test timeout to itself: one test
 * over all 28 ran past a 120 s timeout on a slower 2-core machine (it took 69 s alone there).
 * The tables are set up once, through the API.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  actThroughApi,
  createTable,
  openInstead,
  openPrefsMenu,
  playThroughApi,
  readView,
  shuffledDeal,
  useChromium,
  visitTable,
  type Seat,
} from './support.js';

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

/** The links the pages open, made by `setUp`. */
interface Links {
  readonly settlement: string;
  readonly playing: string;
  /** The seat of `playing`. */
  readonly playingSeat: Seat;
  readonly spectator: string;
  readonly re: string;
  readonly naming: string;
  readonly replay: string;
  readonly admin: string;
  readonly embed: string;
  readonly seatEmbed: string;
  readonly seatEmbedOfSpectator: string;
}

/** The tables the pages show, through the API: their links (paths with the token in the fragment). */
async function setUp(): Promise<Links> {
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
  return {
    settlement: `/t/${created.tableId}#${created.seats[0]!.token}`,
    playing: `/t/${playing.tableId}#${playing.seats[playingSeat]!.token}`,
    playingSeat,
    spectator: `/t/${created.tableId}#${created.spectator.token}`,
    re: `/t/${kontra.tableId}#${kontra.seats[kontraDeclarer]!.token}`,
    naming: `/t/${naming.tableId}#${naming.seats[namingDeclarer]!.token}`,
    replay: `/t/${created.tableId}/replay/0#${created.seats[1]!.token}`,
    admin: `/admin/${playing.tableId}#${playing.admin.token}`,
    embed: `/embed/${playing.tableId}#${playing.spectator.token}`,
    seatEmbed: `/embed/${playing.tableId}/seat#${playing.seats[0]!.token}`,
    seatEmbedOfSpectator: `/embed/${playing.tableId}/seat#${playing.spectator.token}`,
  };
}

interface Checked {
  readonly label: string;
  readonly path: (links: Links) => string;
  /** Shown once the page is ready to be looked at. */
  readonly ready: string;
  /** Done on the page before axe looks at it: a part unfolded, a choice made. */
  readonly prepare?: (page: Page, links: Links) => Promise<void>;
}

const PAGES: readonly Checked[] = [
  {
    label: 'create page',
    path: () => '/',
    ready: 'form[data-form="create"]',
    // The rules unfolded ("More rules") and the pot's options shown: every field of the form is checked.
    prepare: async (page) => {
      await page.locator('details[data-more-rules] > summary').click();
      await page.locator('select[name="allPass"]').selectOption('pot');
    },
  },
  { label: 'table with a settlement', path: (l) => l.settlement, ready: '[data-summary]' },
  { label: 'table in play', path: (l) => l.playing, ready: '[data-hand] [data-action="play"]' },
  { label: 'spectator', path: (l) => l.spectator, ready: '[data-table]' },
  { label: 'declarer deciding on re', path: (l) => l.re, ready: '[data-action="re"]' },
  {
    label: 'declarer naming trump',
    path: (l) => l.naming,
    ready: '[data-trump-picker]',
    // A suit picked: the cards it enables are checked too.
    prepare: (page) => page.locator('[data-trump-picker] input[data-trump]').first().check(),
  },
  {
    label: 'replay',
    path: (l) => l.replay,
    ready: '[data-step="next"]',
    prepare: async (page) => {
      for (let step = 0; step < 8; step++) await page.locator('[data-step="next"]').click();
    },
  },
  { label: 'rules', path: () => '/rules', ready: 'article h2' },
  { label: 'admin page', path: (l) => l.admin, ready: '[data-admin-seat="2"]' },
  // The embed pages have no header: the framing site sets the look in the query.
  { label: 'embed page in play', path: (l) => l.embed, ready: '[data-embed] [data-trick] [data-card]' },
  { label: 'seat embed page in play', path: (l) => l.seatEmbed, ready: '[data-embed] [data-hand] [data-card]' },
  { label: 'seat embed page refusing the spectator link', path: (l) => l.seatEmbedOfSpectator, ready: '[data-error="spectator_link"]' },
  { label: 'how to embed a table', path: () => '/embed', ready: '[data-embed-docs]' },
  {
    label: 'home page with your tables',
    path: () => '/',
    ready: '[data-your-table][data-owes-move="true"] .your-table-facts',
    // The device's tables: two of its links opened on it first, one of them waiting for a move.
    // Then the away switch unfolded and run to end vacations (none runs here: nothing is sent),
    // its report checked too.
    prepare: async (page) => {
      await page.locator('details[data-away] > summary').click();
      await page.locator('button[data-away-end]').click();
      await page.locator('[data-away-progress="done"]').waitFor({ timeout: 10_000 });
    },
  },
];

let links: Links;
beforeAll(async () => {
  links = await setUp();
});

for (const kind of ['desktop', 'phone'] as const) {
  describe(`axe-core finds no WCAG 2.1 A/AA violation (${kind})`, () => {
    // One device, and one tab on it that opens each page in turn (a new document each time).
    let context: BrowserContext;
    let tab: Page | undefined;
    beforeAll(async () => {
      context = await chromium.context(kind);
    });

    for (const [i, { label, path, ready, prepare }] of PAGES.entries()) {
      // Alternate the languages and themes over the pages, so each pair is checked somewhere.
      const lang = (i + (kind === 'phone' ? 1 : 0)) % 2 === 0 ? 'de' : 'en';
      const dark = (i + (kind === 'phone' ? 0 : 1)) % 2 === 0;
      it(`${label} (${lang}, ${dark ? 'dark' : 'light'})`, async () => {
        tab ??= await context.newPage();
        const page = tab;
        if (label === 'home page with your tables') {
          // This device's tables: opened here first, as a player opens the links of mails.
          await visitTable(page, `${base}${links.playing}`, String(links.playingSeat));
          await visitTable(page, `${base}${links.settlement}`, '0');
        }
        const embed = path(links).startsWith('/embed/');
        const url = embed ? `${base}${path(links).replace('#', `?lang=${lang}&theme=${dark ? 'dark' : 'light'}#`)}` : `${base}${path(links)}`;
        await openInstead(page, url, label, ready);
        if (!embed) await choose(page, lang, dark);
        await prepare?.(page, links);
        const problems = (await violationsOf(page)).map((v) => `${kind}, ${label}, ${lang}${dark ? ', dark' : ''}: ${v}`);
        expect(problems).toEqual([]);
      });
    }
  });
}
