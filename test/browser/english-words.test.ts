/**
 * Issue 25, "German words on English screens": every label exists in both languages. An
 * English reader follows a whole game (doubles, bids and a hold, the discard, a contract,
 * kontra and re, knocks, every trick, the result, the score sheet) on the three seats' pages
 * and the spectator's, then the game's replay step by step, the create page with every rule
 * unfolded, the share screen and the admin page: none of them shows one of the game's German
 * words, in its text or in what it says to screen readers (labels, titles). The names of the
 * announcements (Bettel, Mord, Kontra, Re) are the game's own and stay.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  actThroughApi,
  contextIn,
  createTable,
  expectNoProblems,
  offeredAction,
  openAt,
  readView,
  type Seat,
  SEATS,
  shuffledDeal,
  useChromium,
  type View,
  waitForVersion,
  WHOLE_GAME_MS,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

/** The game's German words (RULES.md's glossary and what a German table says), none of which an English page may show. */
const GERMAN = [
  'Eichel',
  'Gras',
  'Herz',
  'Schellen',
  'Sau',
  'Daus',
  'König',
  'Ober',
  'Unter',
  'Drücken',
  'drücken',
  'gedrückt',
  'Halte',
  'halte',
  'Ich spiele',
  'Selber',
  'Weiter',
  'weiter',
  'Doppeln',
  'doppelt',
  'Reizen',
  'reizen',
  'Muss-Spiel',
  'Haferl',
  'Klopfen',
  'klopft',
  'Stich',
  'Stiche',
  'Trumpf',
  'Alleinspieler',
  'Gegenspieler',
  'Vorhand',
  'Mittelhand',
  'Hinterhand',
  'Geber',
  'Zugfrist',
  'Spiel',
  'Kini',
];
const WORDS = new RegExp(`(?<!\\p{L})(${GERMAN.join('|')})(?!\\p{L})`, 'gu');

/** Every German word of the game the page shows or says (its text, labels, titles, placeholders, the tab's title), with where. */
async function germanOn(page: Page): Promise<string[]> {
  const said = await page.evaluate(() => {
    const d = (
      globalThis as unknown as {
        document: { title: string; body: { innerText: string }; querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }> };
      }
    ).document;
    const attributes = Array.from(d.querySelectorAll('[aria-label], [title], [placeholder], [alt]')).flatMap((e) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => e.getAttribute(name) ?? ''),
    );
    return [d.title, d.body.innerText, ...attributes].join('\n');
  });
  return [...said.matchAll(WORDS)].map(
    (m) => `"${m[1]}" in "…${said.slice(Math.max(0, m.index - 30), m.index + m[1]!.length + 30).replace(/\s+/g, ' ')}…"`,
  );
}

/** A whole game with everything in it: seat 0 doubles, a bid, a raise and a hold, the discard, kontra and re, the first card allowed (knocking when it may). */
function moveOf(view: View, seat: Seat): Record<string, unknown> | null {
  const pick = (type: string, where?: (a: Record<string, unknown>) => boolean) => offeredAction(view, type, where);
  if (view.phase === 'doubling') return pick('double', (a) => a.double === (seat === 0)) ?? null;
  if (view.phase === 'auction') {
    const bids = view.history.filter((h) => h.type === 'bid').length;
    const held = view.history.some((h) => h.type === 'hold');
    return (
      (bids === 0 ? pick('bid', (a) => a.bid === '6') : bids === 1 ? pick('bid', (a) => a.bid === '7') : undefined) ??
      (held ? undefined : pick('hold')) ??
      pick('pass') ??
      null
    );
  }
  if (view.phase === 'discard') return pick('discard') ? { type: 'discard', cards: view.hand!.slice(0, 2) } : null;
  if (view.phase === 'play') {
    if (view.kontra === null && pick('kontra') !== undefined) return pick('kontra')!;
    const re = pick('re', (a) => a.re !== false);
    if (re !== undefined) return re;
    return pick('play', (a) => a.knock === true) ?? pick('play') ?? null;
  }
  return (view.legalActions.find((a) => a.type !== 'kontra') as Record<string, unknown> | undefined) ?? null;
}

it(
  'an English reader sees no German word of the game: a whole game on every seat and the spectator, its replay, the create page, the share screen and the admin page',
  { timeout: WHOLE_GAME_MS },
  async () => {
    const table = await createTable(base, {
      name: 'Friday table',
      seats: [{ name: 'Anna' }, { name: 'Ben' }, { name: 'Cleo' }],
      options: { games: 1, knock: true, trickHistory: 'all', moveDeadlineHours: 24 },
      deals: [shuffledDeal(2561)],
    });
    const context = await contextIn(chromium, 'desktop', 'en');
    const pages: { page: Page; label: string }[] = [];
    for (const who of [...SEATS, 'spectator'] as const) {
      const link = who === 'spectator' ? table.spectator : table.seats[who]!;
      pages.push({
        page: await openAt(context, link.url, `${who}`, { width: 1280, height: 800 }, '[data-table][data-connection="live"]'),
        label: `${who}'s page`,
      });
    }
    const found = new Set<string>();
    for (let moves = 0; moves < 200; moves++) {
      const views = await Promise.all(SEATS.map((seat) => readView(base, table.tableId, table.seats[seat]!.token)));
      await Promise.all(pages.map(({ page }) => waitForVersion(page, views[0]!.version)));
      for (const { page, label } of pages) for (const word of await germanOn(page)) found.add(`${label}, ${views[0]!.phase}: ${word}`);
      if (views[0]!.seriesOver) break;
      const seat = SEATS.find((s) => moveOf(views[s]!, s) !== null)!;
      await actThroughApi(base, table.tableId, table.seats[seat]!.token, { ...moveOf(views[seat]!, seat)!, version: views[seat]!.version });
    }
    const end = await readView(base, table.tableId, table.spectator.token);
    expect(end.seriesOver, 'the game was played to its end').toBe(true);
    expect(end.history.some((h) => h.type === 'kontra') && end.history.some((h) => h.type === 'hold'), 'kontra and a hold were said').toBe(true);

    // The replay, every step.
    const replay = await openAt(
      context,
      `${base}/t/${table.tableId}/replay/0#${table.seats[0]!.token}`,
      'replay',
      { width: 1280, height: 800 },
      '[data-step="next"]',
    );
    for (let step = 0; (await replay.locator('[data-step="next"]').isEnabled()) && step < 100; step++) {
      for (const word of await germanOn(replay)) found.add(`replay step ${step}: ${word}`);
      await replay.locator('[data-step="next"]').click();
    }
    for (const word of await germanOn(replay)) found.add(`replay, last step: ${word}`);

    // The create page with every rule unfolded (the pot's too), the share screen, the admin page.
    const create = await openAt(context, `${base}/`, 'create', { width: 1280, height: 800 }, 'form[data-form="create"]');
    await create.locator('details[data-more-rules] > summary').click();
    await create.locator('select[name="allPass"]').selectOption('pot');
    await create.locator('select[data-seat-kind="2"]').selectOption('strong');
    for (const word of await germanOn(create)) found.add(`create page: ${word}`);
    await create.locator('button[data-create]').click();
    await create.locator('a[data-seat-link]').first().waitFor({ timeout: 10_000 });
    for (const word of await germanOn(create)) found.add(`share screen: ${word}`);
    const admin = await openAt(context, table.admin.url, 'admin', { width: 1280, height: 800 }, '[data-admin-seat="2"]');
    for (const word of await germanOn(admin)) found.add(`admin page: ${word}`);

    expect([...found]).toEqual([]);
    expectNoProblems([...pages.map((p) => p.page), replay, create, admin]);
  },
);
