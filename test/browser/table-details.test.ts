/**
 * Issue 25, the frictions of the table page: the auction in view (`data-auction`); the folded
 * move log marked as such, its "n new since your last move" bringing what is new into view;
 * the declarer's own discards during play (`data-discards`, R10.2) on its page only;
 * announcements confirmed on every device, Kontra apart from the hand; no pot on a table that
 * plays the forced game; on a phone the deadline said once and a score sheet that fits.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  actThroughApi,
  createTable,
  expectNoProblems,
  LONG_NAMES,
  LONG_TABLE_NAME,
  PAGE_SIZES,
  outOfView,
  playThroughApi,
  readView,
  SEATS,
  shuffledDeal,
  tabsOf,
  useChromium,
  waitForVersion,
  type CreatedTable,
  type Seat,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
/** The devices of the file, a tab on each: every test's links are opened in them in turn (tabsOf). */
const tabs = tabsOf(chromium);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const SIZES = PAGE_SIZES;

const spectatorView = (table: CreatedTable) => readView(base, table.tableId, table.spectator.token);

describe('the auction', () => {
  it("each seat's last word is in view on the table while the auction runs, without opening anything", async () => {
    const table = await createTable(base, {
      name: 'auction words',
      seats: LONG_NAMES.map((name) => ({ name })),
      options: { doubling: false },
      deals: [shuffledDeal(2541)],
    });
    const forehand = (await spectatorView(table)).turn as Seat;
    await actThroughApi(base, table.tableId, table.seats[forehand]!.token, { type: 'bid', bid: '6' });
    const middlehand = (await spectatorView(table)).turn as Seat;
    await actThroughApi(base, table.tableId, table.seats[middlehand]!.token, { type: 'bid', bid: '7' });
    await actThroughApi(base, table.tableId, table.seats[forehand]!.token, { type: 'hold' });
    const rearhand = ((forehand + 2) % 3) as Seat;
    const expected = new Map<Seat, string>([
      [forehand, 'holds 7'],
      [middlehand, '7'],
      [rearhand, 'not yet'],
    ]);
    const found: string[] = [];
    const pages: Page[] = [];
    for (const size of SIZES) {
      // Middlehand owes the move: its page brings the controls into view, and the words must stay in view with them.
      const page = await tabs.open(
        size.kind,
        'en',
        table.seats[middlehand]!.url,
        `middlehand at ${size.width}×${size.height}`,
        size,
        '[data-action="pass"]',
      );
      pages.push(page);
      await sleep(300);
      const where = await outOfView(page, '[data-auction]');
      if (where !== null) found.push(`${size.width}×${size.height}: ${where}`);
      for (const seat of SEATS) {
        const word = await page.locator(`[data-auction] [data-auction-seat="${seat}"]`).textContent();
        if (word !== expected.get(seat)) found.push(`${size.width}×${size.height}: seat ${seat} said "${word}", not "${expected.get(seat)}"`);
        const name = await page.locator(`[data-auction] [data-trick-seat="${seat}"] .trick-seat-name`).textContent();
        if (!LONG_NAMES[seat]!.startsWith(name!.replace(/…$/, '')))
          found.push(`${size.width}×${size.height}: seat ${seat}'s word stands under "${name}"`);
      }
    }
    expect(found).toEqual([]);
    expectNoProblems(pages);
  });
});

describe('the move log', () => {
  it('folded, it shows a ▸ marker; its "new since your last move" opens it with what is new in view', async () => {
    const table = await createTable(base, { name: 'log', options: { doubling: false }, deals: [shuffledDeal(2542)] });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trickWinners.length === 7 && views[0]!.trick.length === 2);
    const turn = (await spectatorView(table)).turn as Seat;
    const page = await tabs.open('phone', 'en', table.seats[turn]!.url, 'the seat on turn', { width: 360, height: 640 }, '[data-move-log]');
    const log = page.locator('[data-move-log]');
    const marker = () =>
      log
        .locator('summary')
        .evaluate(
          (summary) =>
            (globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { content: string } }).getComputedStyle(summary, '::before')
              .content,
        );
    expect(await log.getAttribute('open'), 'folded on a phone').toBeNull();
    expect(await marker()).toBe('"▸"');
    const note = log.locator('summary .log-note');
    expect(await note.textContent()).toMatch(/^\(\d+ new since your last move\)$/);
    await note.click();
    await expect.poll(() => log.getAttribute('open')).toBe('');
    expect(await marker()).toBe('"▾"');
    await sleep(300);
    const problems = [await outOfView(page, '[data-move-log] [data-new-entry]'), await outOfView(page, '[data-move-log] li:last-child')].filter(
      (p) => p !== null,
    );
    expect(problems, 'the new entries, down to the last, are in view').toEqual([]);
    expectNoProblems([page]);
  });
});

describe("the declarer's discards (R10.2)", () => {
  it('during play the declarer sees its own two discards; no other page shows them', async () => {
    const table = await createTable(base, { name: 'discards', options: { doubling: false }, deals: [shuffledDeal(2543)] });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trickWinners.length === 2);
    const declarer = (await spectatorView(table)).declarer as Seat;
    const discards = (await readView(base, table.tableId, table.seats[declarer]!.token)).discards!;
    expect(discards).toHaveLength(2);
    const pages: Page[] = [];
    for (const who of [...SEATS, 'spectator'] as const) {
      const link = who === 'spectator' ? table.spectator : table.seats[who]!;
      const page = await tabs.open('desktop', 'en', link.url, `${who}`, { width: 1280, height: 800 }, '[data-table][data-connection="live"]');
      pages.push(page);
      const shown = await page.locator('[data-discards] [data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
      const everywhere = await page.locator('[data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
      if (who === declarer) {
        expect(shown.sort(), "the declarer's page").toEqual([...discards].sort());
        expect(await outOfView(page, '[data-discards]'), 'in view with the own seat').toBeNull();
      } else {
        expect(await page.locator('[data-discards]').count(), `${who}'s page`).toBe(0);
        expect(
          everywhere.filter((code) => discards.includes(code as never)),
          `${who}'s page shows no discarded card`,
        ).toEqual([]);
      }
    }
    expectNoProblems(pages);
  });
});

describe('announcements ask for a second click on every device; Kontra stands apart from the hand', () => {
  it('on a desktop a contract, Mord and Kontra are only selected by a click, sent by the second; a bid is sent at once; the choice can be turned off', async () => {
    const table = await createTable(base, { name: 'announce', options: { doubling: false }, deals: [shuffledDeal(2544)] });
    const forehand = (await spectatorView(table)).turn as Seat;
    const page = await tabs.open(
      'desktop',
      'en',
      table.seats[forehand]!.url,
      'forehand',
      { width: 1280, height: 800 },
      '[data-action="bid"][data-bid="6"]',
    );
    expect(await page.locator('input[data-confirm-moves]').isChecked(), 'every move: off on a desktop').toBe(false);
    expect(await page.locator('input[data-confirm-announcements]').isChecked(), 'announcements: on').toBe(true);
    // A bid of 6 is no announcement: one click sends it.
    await page.locator('[data-action="bid"][data-bid="6"]').click();
    await waitForVersion(page, 1);

    const middlehand = (await spectatorView(table)).turn as Seat;
    const second = await tabs.open(
      'desktop',
      'en',
      table.seats[middlehand]!.url,
      'middlehand',
      { width: 1280, height: 800 },
      '[data-action="bid"][data-bid="mord"]',
    );
    const mord = second.locator('[data-action="bid"][data-bid="mord"]');
    await mord.click();
    await expect.poll(() => mord.getAttribute('data-armed')).toBe('');
    await sleep(400);
    expect((await spectatorView(table)).version, 'one click on Mord sent nothing').toBe(1);
    expect(await second.locator('[data-armed-hint]').textContent()).toContain('Tap or click it again to send');
    await mord.click();
    await waitForVersion(second, 2);
    expect((await spectatorView(table)).bid).toBe('mord');

    // Mord stands: everybody else passes, the declarer discards, and announces: one click selects.
    await playThroughApi(base, table, (views) => views[0]!.phase === 'declare');
    const declarer = (await spectatorView(table)).declarer as Seat;
    const third = await tabs.open('desktop', 'en', table.seats[declarer]!.url, 'declarer', { width: 1280, height: 800 }, '[data-action="declare"]');
    const announce = third.locator('[data-action="declare"]').first();
    const before = (await spectatorView(table)).version;
    await announce.click();
    await expect.poll(() => announce.getAttribute('data-armed')).toBe('');
    await sleep(400);
    expect((await spectatorView(table)).version, 'one click on the contract sent nothing').toBe(before);
    // Turned off for this seat: one click sends.
    await third.locator('input[data-confirm-announcements]').uncheck();
    await third.locator('[data-action="declare"]').first().click();
    await waitForVersion(third, before + 1);
    expect((await spectatorView(table)).phase).toBe('play');
    expectNoProblems([page, second, third]);
  });

  it('Kontra: one click selects it, the second says it; it stands at the far end of its line, a step above the hand and away from the first card', async () => {
    const table = await createTable(base, { name: 'kontra apart', options: { doubling: false }, deals: [shuffledDeal(2545)] });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
    const defender = (await spectatorView(table)).turn as Seat;
    const found: string[] = [];
    const pages: Page[] = [];
    for (const size of SIZES) {
      for (const lang of ['de', 'en'] as const) {
        const label = `${size.width}×${size.height} (${lang})`;
        const page = await tabs.open(size.kind, lang, table.seats[defender]!.url, label, size, '[data-action="kontra"]');
        pages.push(page);
        const kontra = (await page.locator('[data-action="kontra"]').boundingBox())!;
        const cards = await page.locator('[data-hand] [data-card]').evaluateAll((all) =>
          all.map((c) => {
            const r = c.getBoundingClientRect();
            return { top: r.top, left: r.left, right: r.right };
          }),
        );
        const first = cards[0]!;
        const gap = Math.min(...cards.map((c) => c.top)) - (kontra.y + kontra.height);
        if (gap < 12) found.push(`${label}: Kontra is ${Math.round(gap)} px above the hand`);
        if (kontra.x < first.right && kontra.x + kontra.width > first.left) found.push(`${label}: Kontra stands over the first card`);
      }
    }
    expect(found).toEqual([]);
    const page = pages.at(-1)!;
    const before = (await spectatorView(table)).version;
    await page.locator('[data-action="kontra"]').click();
    await expect.poll(() => page.locator('[data-action="kontra"]').getAttribute('data-armed')).toBe('');
    await sleep(400);
    expect((await spectatorView(table)).version, 'one click on Kontra said nothing').toBe(before);
    await page.locator('[data-action="kontra"]').click();
    await waitForVersion(page, before + 1);
    expect((await spectatorView(table)).kontra).toBe(defender);
    expectNoProblems(pages);
  });
});

describe('the score and the facts', () => {
  it('a table that plays the forced game shows no pot: no column in the score sheet, no line in the payments; a pot table does', async () => {
    for (const [allPass, pot] of [
      ['forced', false],
      ['pot', true],
    ] as const) {
      const table = await createTable(base, {
        name: `pot ${allPass}`,
        options: { games: 2, doubling: false, allPass, ...(pot ? { maxRedeals: 1 } : {}) },
        deals: [2546, 2547, 2548, 2549].map(shuffledDeal),
      });
      await playThroughApi(base, table, (views) => views[0]!.gameNumber === 2 && views[0]!.redeal === 0);
      const page = await tabs.open(
        'desktop',
        'en',
        table.seats[0]!.url,
        `${allPass} table`,
        { width: 1280, height: 800 },
        '[data-summary] [data-result]',
      );
      const headers = await page.locator('[data-score-sheet] thead th').allTextContents();
      expect(headers.includes('Pot'), `${allPass}: a pot column`).toBe(pot);
      expect((await page.locator('[data-score-sheet] [data-score-payment="pot"]').count()) > 0).toBe(pot);
      expect((await page.locator('[data-summary] [data-payment="pot"]').count()) > 0, `${allPass}: a pot line in the payments`).toBe(pot);
      expectNoProblems([page]);
    }
  });

  it('on a phone the move deadline is said once, the note about the bot on a line of its own', async () => {
    const table = await createTable(base, { name: 'deadline', options: { doubling: false, moveDeadlineHours: 24 }, deals: [shuffledDeal(2550)] });
    const forehand = (await spectatorView(table)).turn as Seat;
    for (const lang of ['de', 'en'] as const) {
      const page = await tabs.open(
        'phone',
        lang,
        table.seats[forehand]!.url,
        `deadline (${lang})`,
        { width: 360, height: 640 },
        '[data-timeout-bot]',
      );
      const fact = page.locator('.facts .deadline-fact');
      const date = await fact.locator('dd').first().textContent();
      const text = (await fact.textContent())!;
      expect(text.split(date!).length - 1, `the date "${date}" once in "${text}"`).toBe(1);
      const label = (await fact.locator('dt').boundingBox())!;
      const note = (await page.locator('[data-timeout-bot]').boundingBox())!;
      expect(note.y, 'the note below the label, not squeezed beside it').toBeGreaterThanOrEqual(label.y + label.height - 1);
      expectNoProblems([page]);
    }
  });

  it('on a phone the score sheet fits the screen: no column runs off its edge, long names and a pot included', async () => {
    const table = await createTable(base, {
      name: LONG_TABLE_NAME,
      seats: LONG_NAMES.map((name) => ({ name })),
      options: { games: 3, doubling: false, allPass: 'pot', maxRedeals: 1, stakePerTrick: 20 },
      deals: [2551, 2552, 2553, 2554, 2555, 2556, 2557].map(shuffledDeal),
    });
    await playThroughApi(base, table, (views) => views[0]!.seriesOver);
    const found: string[] = [];
    const pages: Page[] = [];
    for (const size of SIZES.filter((s) => s.kind === 'phone')) {
      for (const lang of ['de', 'en'] as const) {
        const page = await tabs.open('phone', lang, table.seats[1]!.url, `${size.width}×${size.height} (${lang})`, size, '[data-score-row]');
        pages.push(page);
        const fit = await page.locator('[data-score-sheet]').evaluate((sheet) => ({
          rows: sheet.querySelectorAll('[data-score-row]').length,
          overflow: sheet.querySelector('table')!.getBoundingClientRect().right - sheet.getBoundingClientRect().right,
          scroll: sheet.scrollWidth - sheet.clientWidth,
        }));
        if (fit.rows < 4) found.push(`${size.width}×${size.height} (${lang}): only ${fit.rows} rows`);
        if (fit.overflow > 0.5 || fit.scroll > 0)
          found.push(`${size.width}×${size.height} (${lang}): the sheet runs ${Math.round(Math.max(fit.overflow, fit.scroll))} px off its edge`);
      }
    }
    expect(found).toEqual([]);
    expectNoProblems(pages);
  });
});
