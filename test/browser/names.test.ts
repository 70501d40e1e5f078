/**
 * Issue 21: the names people chose are isolated wherever a page shows them, so that a name
 * written right to left (or one stored before the server refused bidi controls) keeps its
 * direction to itself and cannot turn the words beside it around ("Sepp to play"). Every
 * text on a page that holds a name holds it alone in a <bdi>: the table page (panels, turn,
 * move log, chat, result banner, score sheet and standings), the replay, the embed, the
 * admin page and "Your tables"; the tab's title and the admin's confirmation dialog, which
 * are no markup, carry it between U+2068 and U+2069.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { createTable, expectNoProblems, openPage, playThroughApi, shuffledDeal, useChromium } from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Stammtisch שלום';
const SEAT_NAMES = ['Sepp', 'אבי כהן', 'Zoë'];
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * The names a page shows: each text node holding one, with the <bdi> it lies in. A name
 * outside any <bdi>, or in one with more than the name, is `loose`.
 */
const namesOn = (page: Page) =>
  page.evaluate(
    (names) => {
      interface PageElement {
        readonly localName: string;
        readonly textContent: string | null;
        readonly childNodes: ArrayLike<{ readonly nodeType: number; readonly textContent: string | null }>;
        closest(selector: string): PageElement | null;
      }
      const body = (globalThis as unknown as { document: { body: PageElement & { querySelectorAll(selector: string): ArrayLike<PageElement> } } })
        .document.body;
      const loose: string[] = [];
      const isolated: string[] = [];
      for (const element of [body, ...Array.from(body.querySelectorAll('*'))]) {
        const texts = Array.from(element.childNodes).filter((node) => node.nodeType === 3); // Node.TEXT_NODE
        for (const text of texts)
          for (const name of names) {
            if (!text.textContent!.includes(name)) continue;
            const bdi = element.closest('bdi');
            if (bdi === null || bdi.textContent !== name) loose.push(`${name} in <${element.localName}>: ${element.textContent}`);
            else isolated.push(name);
          }
      }
      return { loose, isolated: [...new Set(isolated)].sort() };
    },
    [TABLE, ...SEAT_NAMES],
  );

it("every name on every page is alone in a <bdi>; the tab's title and a dialog isolate it with U+2068 … U+2069", async () => {
  const table = await createTable(base, {
    name: TABLE,
    seats: SEAT_NAMES.map((name) => ({ name })),
    options: { games: 1, doubling: false },
    deals: [shuffledDeal(21), shuffledDeal(22), shuffledDeal(23), shuffledDeal(24)],
  });
  const chat = await fetch(`${base}/api/tables/${table.tableId}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${table.seats[1]!.token}`, 'content-type': 'application/json', 'cf-connecting-ip': '2001:db8:21:21::1' },
    body: JSON.stringify({ text: 'Servus' }),
  });
  expect(chat.status).toBe(201);
  const all = [TABLE, ...SEAT_NAMES].sort();
  const context = await chromium.context('desktop');

  // In play: the trick's seats, whose turn it is, the contract's declarer, the move log.
  await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
  const page = await openPage(context, table.seats[0]!.url, 'seat 0');
  await page.locator('[data-trick] .trick-seat-name').first().waitFor({ timeout: 10_000 });
  // The move log and the chat come after the first cards (issue 24).
  await page.locator('[data-move-log]').waitFor({ timeout: 10_000 });
  await page.locator('[data-chat-message]').first().waitFor({ timeout: 10_000 });
  const inPlay = await namesOn(page);
  expect(inPlay.loose, 'the table page in play').toEqual([]);
  expect(inPlay.isolated).toEqual(all);
  for (const part of ['[data-trick]', '.facts', '[data-move-log]']) expect(await page.locator(part).locator('bdi').count(), part).toBeGreaterThan(0);

  // At the end: the result banner, the score sheet and the standings.
  await playThroughApi(base, table, (views) => views[0]!.seriesOver);
  await page.locator('[data-series-over]').waitFor({ timeout: 10_000 });
  await page.locator('[data-result]').waitFor();
  await page.locator('[data-chat-message]').first().waitFor();
  const onTable = await namesOn(page);
  expect(onTable.loose, 'the table page').toEqual([]);
  expect(onTable.isolated).toEqual(all);
  for (const part of ['[data-seat-panel] .seat-name', '[data-result]', '[data-score-sheet]', '[data-series-over]', '.chat-name'])
    expect(await page.locator(part).locator('bdi').count(), part).toBeGreaterThan(0);
  expect(await page.title()).toContain(`${FSI}${TABLE}${PDI}`);

  await page.goto(`${base}${await page.locator('[data-replay]').last().getAttribute('href')}`);
  await page.locator('.replay-hands').waitFor({ timeout: 10_000 });
  expect((await namesOn(page)).loose, 'the replay').toEqual([]);
  expect((await namesOn(page)).isolated).toEqual(SEAT_NAMES.slice().sort());
  await page.locator('[data-step="end"]').click();
  await page.locator('[data-summary] .payments').waitFor();
  expect((await namesOn(page)).loose, "the replay's end: the summary").toEqual([]);

  await page.goto(`${base}/embed/${table.tableId}#${table.spectator.token}`);
  await page.locator('[data-embed]').waitFor({ timeout: 10_000 });
  expect((await namesOn(page)).loose, 'the embed').toEqual([]);
  expect((await namesOn(page)).isolated).toEqual(all);

  await page.goto(`${base}/`);
  await page.locator(`[data-your-table="${table.tableId}"] .your-table-facts`).waitFor({ timeout: 10_000 });
  expect((await namesOn(page)).loose, 'Your tables').toEqual([]);
  expect((await namesOn(page)).isolated).toEqual([TABLE, SEAT_NAMES[0]!].sort());

  await page.goto(table.admin.url);
  await page.locator('[data-admin-rotate="2"]').waitFor({ timeout: 10_000 });
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await page.locator('[data-admin-rotate="2"]').click();
  await page.locator('[data-new-link="2"]').waitFor();
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain(`${FSI}${SEAT_NAMES[2]}${PDI}`);
  expect((await namesOn(page)).loose, 'the admin page').toEqual([]);
  expect((await namesOn(page)).isolated).toEqual([TABLE, SEAT_NAMES[2]!].sort());
  expect(await page.title()).toContain(`${FSI}${TABLE}${PDI}`);
  expectNoProblems([page]);
});
