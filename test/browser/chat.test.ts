/**
 * Issue 13, "Table chat": on a 360×640 phone the chat sits in the page's flow below the own
 * hand, folded, with the number of unread messages; a message written on one seat's page
 * shows live on another's; opened, the chat covers neither the trick, nor the hand, nor the
 * controls, and a card can still be played. A spectator reads but has nothing to write with;
 * a table with the chat off shows none.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { overlaps } from './layout.js';
import {
  clickVisible,
  createTable,
  expectNoProblems,
  openPage,
  playThroughApi,
  readView,
  type Seat,
  SHOWN_WITHIN_MS,
  shuffledDeal,
  useChromium,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const PHONE = { width: 360, height: 640 };

/** A phone's page of `url` in English, laid out at 360×640. */
async function phonePage(url: string, label: string, ready: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await chromium.context('phone');
  await context.addInitScript(() => {
    const w = globalThis as unknown as { location: { protocol: string }; localStorage: { setItem(key: string, value: string): void } };
    if (w.location.protocol === 'http:')
      w.localStorage.setItem('wallachen.prefs', JSON.stringify({ lang: 'en', theme: 'light', pattern: 'bavarian' }));
  });
  const page = await openPage(context, url, label, PHONE);
  await page.locator(ready).first().waitFor({ timeout: 10_000 });
  return { page, context };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const isOpen = (page: Page) => page.locator('[data-chat]').evaluate((d) => (d as unknown as { open: boolean }).open);

describe('the chat beside the game', () => {
  it('a message shows live on another seat with its unread count; opened, the chat covers nothing and a card can still be played', async () => {
    const created = await createTable(base, { name: 'Chat phone', options: { doubling: false }, deals: [shuffledDeal(24)] });
    await playThroughApi(base, created, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 2);
    const onTurn = (await readView(base, created.tableId, created.spectator.token)).turn as Seat;
    const writer = ((onTurn + 1) % 3) as Seat;
    const reader = await phonePage(created.seats[onTurn]!.url, `seat ${onTurn} (to play)`, '[data-hand] [data-action="play"]:enabled');
    const author = await phonePage(created.seats[writer]!.url, `seat ${writer} (writes)`, '[data-chat]');
    await expect.poll(() => reader.page.locator('[data-table]').getAttribute('data-connection')).toBe('live');

    // Folded at first, in the flow below the hand and the controls.
    expect(await isOpen(reader.page), 'the chat starts folded on a phone').toBe(false);
    expect((await box(reader.page, '[data-chat]')).y).toBeGreaterThanOrEqual(
      (await box(reader.page, '[data-dock]')).y + (await box(reader.page, '[data-dock]')).height,
    );
    expect(await reader.page.locator('[data-chat-unread]').count()).toBe(0);

    // One seat writes: the other's page shows the count at once, without a reload.
    await author.page.locator('[data-chat] > summary').click();
    const input = author.page.locator('[data-chat] textarea');
    await input.fill('Servus! <b>not bold</b>');
    expect(await author.page.locator('[data-chat-count]').textContent()).toBe('477 characters left');
    await author.page.locator('[data-chat-send]').click();
    await author.page.locator('[data-chat-message]').first().waitFor({ timeout: SHOWN_WITHIN_MS });
    // The socket may bring the message before the POST answers: the field is emptied by the answer.
    await expect.poll(() => input.inputValue(), { message: 'the field is emptied once the message is sent' }).toBe('');
    await expect.poll(() => reader.page.locator('[data-chat-unread]').getAttribute('data-chat-unread'), { timeout: 3_000 }).toBe('1');
    expect(await reader.page.locator('[data-chat-unread]').getAttribute('aria-label')).toBe('1 new message');

    // Opened: the message as text (the markup is not markup), the count gone, nothing covered.
    await reader.page.locator('[data-chat] > summary').click();
    const message = reader.page.locator('[data-chat-message]');
    await message.first().waitFor();
    expect(await message.locator('.chat-text').textContent()).toBe('Servus! <b>not bold</b>');
    expect(await message.locator('b').count()).toBe(0);
    expect(await message.locator('.chat-name').textContent()).toBe(`Seat ${writer + 1}`);
    expect(await reader.page.locator('[data-chat-unread]').count()).toBe(0);
    expect(await overlaps(reader.page, ['[data-chat]'])).toEqual([]);
    expect((await box(reader.page, '[data-chat]')).x + (await box(reader.page, '[data-chat]')).width).toBeLessThanOrEqual(PHONE.width);

    // A card can still be played with the chat open.
    const before = Number(await reader.page.locator('[data-table]').getAttribute('data-version'));
    await clickVisible(reader.page, '[data-hand] [data-action="play"]:enabled');
    await expect
      .poll(async () => Number(await reader.page.locator('[data-table]').getAttribute('data-version')), { timeout: SHOWN_WITHIN_MS })
      .toBeGreaterThan(before);
    expect(await isOpen(reader.page), 'the chat stays open while the game goes on').toBe(true);

    // Read is remembered for this seat on this device: after a reload no count.
    const chatRead = reader.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/chat'));
    await reader.page.reload();
    expect((await chatRead).status()).toBe(200);
    await reader.page.locator('[data-chat]').waitFor();
    await reader.page.waitForTimeout(300);
    expect(await reader.page.locator('[data-chat-unread]').count()).toBe(0);
    expectNoProblems([reader.page, author.page]);
  });

  it('a spectator reads without a field to write in; a table with the chat off shows no chat', async () => {
    const created = await createTable(base, { name: 'Chat spectator', deals: [shuffledDeal(25)] });
    const writer = await phonePage(created.seats[0]!.url, 'seat 0', '[data-chat]');
    await writer.page.locator('[data-chat] > summary').click();
    await writer.page.locator('[data-chat] textarea').fill('Hallo Zuschauer');
    await writer.page.locator('[data-chat] textarea').press('Enter');
    await writer.page.locator('[data-chat-message]').first().waitFor({ timeout: SHOWN_WITHIN_MS });

    const spectator = await phonePage(created.spectator.url, 'spectator', '[data-chat]');
    await spectator.page.locator('[data-chat] > summary').click();
    await spectator.page.locator('[data-chat-message]').first().waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(await spectator.page.locator('[data-chat-message] .chat-text').textContent()).toBe('Hallo Zuschauer');
    expect(await spectator.page.locator('[data-chat] textarea').count()).toBe(0);
    expect(await spectator.page.locator('[data-chat] .help').textContent()).toBe('Spectators read along; only the players write.');

    const off = await createTable(base, { name: 'Chat off', options: { chat: 'off' }, deals: [shuffledDeal(26)] });
    const quiet = await phonePage(off.seats[0]!.url, 'seat 0 without chat', '[data-hand]');
    await quiet.page.waitForTimeout(300);
    expect(await quiet.page.locator('[data-chat]').count()).toBe(0);
    expectNoProblems([writer.page, spectator.page, quiet.page]);
  });

  it('on a desktop the chat is open in the column beside the table, covering nothing', async () => {
    const created = await createTable(base, { name: 'Chat desktop', options: { doubling: false }, deals: [shuffledDeal(27)] });
    await playThroughApi(base, created, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
    const onTurn = (await readView(base, created.tableId, created.spectator.token)).turn as Seat;
    const context = await chromium.context('desktop');
    const page = await openPage(context, created.seats[onTurn]!.url, `seat ${onTurn} on a desktop`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('[data-hand] [data-action="play"]:enabled').first().waitFor({ timeout: 10_000 });
    expect(await isOpen(page), 'open beside the table').toBe(true);
    const chat = await box(page, '[data-chat]');
    const trick = await box(page, '[data-trick]');
    expect(chat.x, 'the chat starts right of the trick').toBeGreaterThanOrEqual(trick.x + trick.width);
    expect(chat.y, 'beside the trick, not below the hand').toBeLessThan(trick.y + trick.height);
    expect(await overlaps(page, ['[data-chat]'])).toEqual([]);
    expectNoProblems([page]);
  });
});
