/**
 * Issue 11, "Never misplay", by clicks and taps on a phone and a desktop, in both languages:
 * the knock switch is off again after every move (a later knock is never sent unasked);
 * bids, passes and the moves that double look apart; "confirm moves" (on for touch screens)
 * sends only on a second tap, and a keyboard works with it; guidance shows at its moment; a
 * move made offline waits at the controls and is sent when the connection is back, or says
 * clearly that it was not sent when the table moved on meanwhile; a move made before the code
 * that sends moves has come (it is loaded after the first cards) waits for it and is sent.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  goOffline,
  actThroughApi,
  clickVisible,
  contextIn,
  createTable,
  expectNoProblems,
  openPage,
  outOfView,
  playThroughApi,
  readView,
  SEATS,
  settingsLoaded,
  shuffledDeal,
  useChromium,
  waitForVersion,
  type CreatedTable,
  type Problem,
  type Seat,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();
const LANGS = ['de', 'en'] as const;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The devices of the tests that do not take one offline: one per kind and language. */
const devices = new Map<string, Promise<BrowserContext>>();

/**
 * A page of `seat` on a phone or desktop, read in `lang`: on a device of its own (`ownDevice`,
 * for a test that takes it offline), else on the file's device of that kind and language (a
 * device costs the 2-core machine seconds of CPU; what these tests keep on it is per table and seat).
 */
async function seatPage(
  table: CreatedTable,
  seat: Seat | 'spectator',
  kind: 'phone' | 'desktop',
  lang: 'de' | 'en',
  { ownDevice = false } = {},
): Promise<Page> {
  const key = `${kind} ${lang}`;
  if (ownDevice || !devices.has(key)) {
    const device = contextIn(chromium, kind, lang);
    if (ownDevice) return pageOn(await device, table, seat, kind, lang);
    devices.set(key, device);
  }
  return pageOn(await devices.get(key)!, table, seat, kind, lang);
}

async function pageOn(
  context: BrowserContext,
  table: CreatedTable,
  seat: Seat | 'spectator',
  kind: 'phone' | 'desktop',
  lang: 'de' | 'en',
): Promise<Page> {
  const url = seat === 'spectator' ? `${base}/t/${table.tableId}#${table.spectator.token}` : table.seats[seat]!.url;
  const page = await openPage(context, url, `${kind} ${lang}: ${seat === 'spectator' ? 'spectator' : `seat ${seat}`}`);
  await page.locator('[data-table]').waitFor({ timeout: 10_000 });
  // The page is whole (a test may take the network away next).
  if (seat !== 'spectator') await settingsLoaded(page);
  return page;
}

const versionOf = async (table: CreatedTable) => (await readView(base, table.tableId, table.spectator.token)).version;

/** Texts by language, so each check says what a reader of that language must read. */
const TEXT = {
  de: {
    tapAgain: 'Zum Senden noch einmal tippen oder klicken',
    bids: 'Gebote zählen Stiche',
    allPass: 'Muss-Spiel',
    forced: 'das ist ein Muss-Spiel',
    trumpLed: 'Deine erste Karte bestimmt Trumpf',
    trumpNamed: 'Mit deiner ersten Karte nennst du Trumpf',
    kontra: 'Kontra verdoppelt jede Zahlung dieses Spiels (×2)',
    re: 'Re verdoppelt jede Zahlung dieses Spiels noch einmal (×2)',
    waiting: 'Noch nicht gesendet',
    dropped: 'Nicht gesendet',
  },
  en: {
    tapAgain: 'Tap or click it again to send',
    bids: 'Bids count tricks',
    allPass: 'forehand must play: a forced game of at least 6 tricks',
    forced: 'this is a forced game',
    trumpLed: 'Your first card sets trump',
    trumpNamed: 'You name trump with your first card',
    kontra: 'Kontra doubles every payment of this game (×2)',
    re: 'Re doubles every payment of this game again (×2)',
    waiting: 'Not sent yet',
    dropped: 'Not sent:',
  },
} as const;

describe('the knock switch', () => {
  /**
   * Deal 2, everybody passing and each seat playing its first legal card, gives seat 2 (a
   * defender) two chances to knock (R7.11), found by playing the engine through beforehand.
   */
  it('is off again after a knock: the next chance to knock is not taken unasked', async () => {
    const table = await createTable(base, {
      name: 'knock twice',
      options: { games: 1, knock: true, doubling: false, kontra: false },
      deals: [shuffledDeal(2)],
    });
    const page = await seatPage(table, 2, 'desktop', 'en');
    const knockSwitch = page.locator('input[data-knock]');
    let chances = 0;
    for (let move = 0; move < 60 && chances < 2; move++) {
      const views = await Promise.all(SEATS.map((seat) => readView(base, table.tableId, table.seats[seat]!.token)));
      const seat = SEATS.find((s) => views[s]!.legalActions.length > 0);
      if (seat === undefined) break;
      const view = views[seat]!;
      const knockPlay = view.legalActions.find((a) => a.type === 'play' && a.knock === true) as { card: string } | undefined;
      if (seat === 2 && knockPlay !== undefined) {
        chances++;
        await waitForVersion(page, view.version);
        await knockSwitch.waitFor();
        expect(await knockSwitch.isChecked(), `the knock switch at chance ${chances}, before anything is touched`).toBe(false);
        if (chances === 1) await knockSwitch.check();
        await clickVisible(page, `[data-hand] [data-action="play"][data-card="${knockPlay.card}"]`);
        await waitForVersion(page, view.version + 1);
        const after = await readView(base, table.tableId, table.seats[2]!.token);
        expect(after.knocks.filter((k) => k.seat === 2).length, `seat 2's knocks after chance ${chances}`).toBe(1);
        continue;
      }
      const legal = view.legalActions;
      const action =
        legal.find((a) => a.type === 'pass') ??
        legal.find((a) => a.type === 'declare') ??
        (legal[0]!.type === 'discard' ? { type: 'discard', cards: view.hand!.slice(0, 2) } : legal[0]!);
      await actThroughApi(base, table.tableId, table.seats[seat]!.token, { ...action, version: view.version });
      // Between the chances the switch, off, stays off (the page never turns it on by itself).
      if (chances === 1 && (await knockSwitch.count()) > 0) expect(await knockSwitch.isChecked()).toBe(false);
    }
    expect(chances, 'seat 2 had two chances to knock').toBe(2);
    expectNoProblems([page]);
  });
});

describe('confirm moves', () => {
  for (const lang of LANGS) {
    it(`on a phone it is on: a first tap selects, a second sends; another tap moves the selection, Escape drops it (${lang})`, async () => {
      const table = await createTable(base, { name: 'confirm', deals: [shuffledDeal(31)] });
      const page = await seatPage(table, 0, 'phone', lang);
      const confirm = page.locator('input[data-confirm-moves]');
      expect(await confirm.isChecked(), 'on by default on a touch screen').toBe(true);
      const noDouble = page.locator('[data-action="double"][data-double="false"]');
      const double = page.locator('[data-action="double"][data-double="true"]');
      const before = await versionOf(table);

      await noDouble.tap();
      await expect.poll(() => noDouble.getAttribute('data-armed')).toBe('');
      const hint = page.locator('[data-dock] [data-armed-hint]');
      expect(await hint.textContent()).toContain(TEXT[lang].tapAgain);
      expect(await noDouble.getAttribute('aria-describedby'), 'the selected control points to the hint').toBe(await hint.getAttribute('id'));
      await sleep(500);
      expect(await versionOf(table), 'one tap sent nothing').toBe(before);

      await double.tap();
      await expect.poll(() => double.getAttribute('data-armed')).toBe('');
      expect(await noDouble.getAttribute('data-armed'), 'the other selection ended').toBeNull();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('[data-armed]').count()).toBe(0);
      expect(await versionOf(table)).toBe(before);

      await noDouble.tap();
      await noDouble.tap();
      await waitForVersion(page, before + 1);
      const view = await readView(base, table.tableId, table.seats[0]!.token);
      expect(view.seats[0]!.decided, 'the second tap sent it').toBe(true);
      expect(view.doubles, 'the move sent is the one selected (no double)').toEqual([]);
      expectNoProblems([page]);
    });
  }

  it('a card is played on the second tap; the choice is kept per table and seat; a keyboard sends with Enter twice', async () => {
    const table = await createTable(base, { name: 'confirm cards', options: { doubling: false }, deals: [shuffledDeal(32)] });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play');
    const turn = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
    const page = await seatPage(table, turn, 'phone', 'en');
    const card = page.locator('[data-hand] [data-action="play"]:enabled').first();
    const code = await card.getAttribute('data-card');
    const before = await versionOf(table);
    await card.tap();
    await expect.poll(() => page.locator(`[data-hand] [data-card="${code}"]`).getAttribute('data-armed')).toBe('');
    await sleep(400);
    expect(await versionOf(table), 'one tap on a card sent nothing').toBe(before);
    await page.locator(`[data-hand] [data-card="${code}"]`).tap();
    await waitForVersion(page, before + 1);
    expect((await readView(base, table.tableId, table.spectator.token)).trick.map((p) => p.card)).toContain(code);

    // Off for this seat: kept after a reload; another seat's page on a phone still starts with it on.
    await page.locator('input[data-confirm-moves]').uncheck();
    await page.reload();
    await page.locator('[data-table]').waitFor();
    expect(await page.locator('input[data-confirm-moves]').isChecked(), 'the seat turned it off').toBe(false);
    const other = await seatPage(table, ((turn + 1) % 3) as Seat, 'phone', 'en');
    expect(await other.locator('input[data-confirm-moves]').isChecked()).toBe(true);

    // A desktop starts with it off (one click sends); turned on, a keyboard sends with Enter, Enter.
    const next = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
    const desk = await seatPage(table, next, 'desktop', 'en');
    const box = desk.locator('input[data-confirm-moves]');
    expect(await box.isChecked(), 'off on a desktop').toBe(false);
    await box.check();
    const now = await versionOf(table);
    await desk.locator('[data-hand] [data-action="play"]:enabled').first().focus();
    await desk.keyboard.press('Enter');
    await expect.poll(() => desk.locator('[data-armed]').count()).toBe(1);
    await sleep(300);
    expect(await versionOf(table), 'Enter once selected').toBe(now);
    await desk.keyboard.press('Enter');
    await waitForVersion(desk, now + 1);
    expectNoProblems([page, other, desk]);
  });
});

describe('each kind of move has its own look', () => {
  it('bids, hold and pass; double and no double; kontra; re and no re differ in shape and mark, not only colour, and passes stand apart', async () => {
    const table = await createTable(base, { name: 'looks', options: { doubling: false }, deals: [shuffledDeal(22)] });
    const forehand = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
    await actThroughApi(base, table.tableId, table.seats[forehand]!.token, { type: 'bid', bid: '6' });
    const middlehand = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
    const page = await seatPage(table, middlehand, 'desktop', 'en');
    await page.locator('[data-action="bid"][data-bid="mord"]').waitFor();
    const look = (selector: string) =>
      page.locator(selector).evaluate((e) => {
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(e);
        const r = e.getBoundingClientRect();
        return {
          background: style.backgroundColor,
          border: style.borderTopStyle,
          mark: e.querySelector('.mark')?.textContent ?? '',
          group: e.closest('.choices')?.className ?? '',
          left: r.left,
          right: r.right,
          top: r.top,
        };
      });
    const bid = await look('[data-action="bid"][data-bid="7"]');
    const mord = await look('[data-action="bid"][data-bid="mord"]');
    const pass = await look('[data-action="pass"]');
    expect(pass.border, 'a pass is outlined differently').not.toBe(bid.border);
    expect(pass.background).not.toBe(bid.background);
    expect(pass.mark).not.toBe(bid.mark);
    expect(pass.group).toContain('decline');
    expect(bid.group).toContain('raise');
    // Apart: on another row, or well to the right of the last bid.
    expect(pass.top > mord.top || pass.left - mord.right >= 24, `pass at ${JSON.stringify(pass)}, Mord at ${JSON.stringify(mord)}`).toBe(true);

    // The moves that double: warm and marked ×2; their refusals outlined like a pass.
    const doubling = await createTable(base, { name: 'looks double', deals: [shuffledDeal(21)] });
    const d = await seatPage(doubling, 0, 'desktop', 'de');
    const dLook = (selector: string) =>
      d.locator(selector).evaluate((e) => ({
        cls: e.className,
        mark: e.querySelector('.mark')?.textContent ?? '',
      }));
    expect(await dLook('[data-action="double"][data-double="true"]')).toEqual({ cls: 'action kind-double', mark: '×2' });
    expect(await dLook('[data-action="double"][data-double="false"]')).toEqual({ cls: 'action kind-decline', mark: '–' });
    expectNoProblems([page, d]);
  });
});

describe('guidance at the moment', () => {
  for (const lang of LANGS) {
    it(`bids, all pass, the forced game, the first card's trump, kontra and re (${lang})`, async () => {
      const texts = TEXT[lang];
      const guide = (page: Page, id: string) => page.locator(`.controls [data-guide="${id}"]`);

      // The auction: what bids mean and what all passing leads to; nothing of it once it is over.
      const table = await createTable(base, { name: 'guide', options: { doubling: false, kontra: true }, deals: [shuffledDeal(41)] });
      const forehand = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
      const page = await seatPage(table, forehand, 'phone', lang);
      expect(await guide(page, 'bids').textContent()).toContain(texts.bids);
      expect(await guide(page, 'all-pass').textContent()).toContain(texts.allPass);
      expect(await guide(page, 'trump-led').count()).toBe(0);

      // Everybody passes: forehand's forced game, told at the discard.
      await playThroughApi(base, table, (views) => views[0]!.phase === 'discard');
      await waitForVersion(page, await versionOf(table));
      expect(await guide(page, 'forced').textContent()).toContain(texts.forced);
      expect(await guide(page, 'bids').count()).toBe(0);

      // The declarer's first card sets trump (option trump "led").
      await playThroughApi(base, table, (views) => views[0]!.phase === 'play');
      await waitForVersion(page, await versionOf(table));
      expect(await guide(page, 'trump-led').textContent()).toContain(texts.trumpLed);
      const view = await readView(base, table.tableId, table.seats[forehand]!.token);
      const first = view.legalActions.find((a) => a.type === 'play') as { card: string };
      await actThroughApi(base, table.tableId, table.seats[forehand]!.token, { type: 'play', card: first.card, version: view.version });
      await waitForVersion(page, view.version + 1);
      expect(await guide(page, 'trump-led').count(), 'gone after the first card').toBe(0);

      // A defender is offered kontra (×2); after it the declarer decides on re (×2).
      const defender = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
      const defenderPage = await seatPage(table, defender, 'desktop', lang);
      expect(await guide(defenderPage, 'kontra').textContent()).toContain(texts.kontra);
      await clickVisible(defenderPage, '[data-action="kontra"]');
      await waitForVersion(page, view.version + 2);
      expect(await guide(page, 're').textContent()).toContain(texts.re);

      // Option trump "named": the declarer names trump with its first card.
      const named = await createTable(base, { name: 'guide named', options: { doubling: false, trump: 'named' }, deals: [shuffledDeal(42)] });
      await playThroughApi(base, named, (views) => views[0]!.phase === 'play');
      const declarer = (await readView(base, named.tableId, named.spectator.token)).declarer as Seat;
      const namingPage = await seatPage(named, declarer, 'desktop', lang);
      expect(await guide(namingPage, 'trump-named').textContent()).toContain(texts.trumpNamed);
      expect(await guide(namingPage, 'trump-led').count()).toBe(0);
      expectNoProblems([page, defenderPage, namingPage]);
    });
  }
});

/** Console errors of requests refused while offline: expected then, and only then. */
const offlineErrors =
  (from: number, to: () => number) =>
  (_page: Page, problem: Problem): boolean =>
    problem.kind === 'console' &&
    problem.at >= from &&
    problem.at <= to() &&
    /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket connection to .* failed|Failed to fetch/.test(problem.text);

describe('a move made offline', () => {
  it('a card tapped offline waits at the controls and is played, once, when the connection is back (phone, de)', async () => {
    const table = await createTable(base, { name: 'offline sent', options: { doubling: false }, deals: [shuffledDeal(51)] });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play');
    const turn = (await readView(base, table.tableId, table.spectator.token)).turn as Seat;
    const page = await seatPage(table, turn, 'phone', 'de', { ownDevice: true });
    await page.setViewportSize({ width: 360, height: 640 });
    // The ids of every attempt to send the move: by POST (failing offline) and over the socket.
    const ids: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/actions')) ids.push((JSON.parse(r.postData() ?? '{}') as { id: string }).id);
    });
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; action?: { id: string } };
        if (message.type === 'action') ids.push(message.action!.id);
      }),
    );
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection')).toBe('live');
    const before = await versionOf(table);
    const from = Date.now();
    let back = Number.POSITIVE_INFINITY;
    await goOffline(page);
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection')).toBe('offline');

    const card = (await page.locator('[data-hand] [data-action="play"]:enabled').first().getAttribute('data-card'))!;
    await clickVisible(page, `[data-hand] [data-card="${card}"]`);
    const note = page.locator('[data-dock] [data-queued="waiting"]');
    await note.waitFor({ timeout: 8_000 });
    expect(await note.textContent()).toContain(TEXT.de.waiting);
    // At the controls, on the screen: not an alert scrolled away at the top.
    expect(await outOfView(page, '[data-dock] [data-queued="waiting"]')).toBeNull();
    // (The seat's settings below the table, loaded once the page is painted, may not reach the server either: folded away, not shown.)
    expect(await page.locator('[data-error]').filter({ visible: true }).count(), 'no error at the top instead').toBe(0);
    expect(await versionOf(table)).toBe(before);

    await page.context().setOffline(false);
    back = Date.now();
    await waitForVersion(page, before + 1, 10_000);
    await expect.poll(() => page.locator('[data-queued]').count()).toBe(0);
    const view = await readView(base, table.tableId, table.spectator.token);
    expect(
      view.trick.map((p) => p.card),
      'played when the connection was back',
    ).toEqual([card]);
    await sleep(1_000);
    expect(await versionOf(table), 'applied once').toBe(before + 1);
    expect(ids.length, 'attempts: offline, then once the connection was back').toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size, `one id for every attempt (${ids.join(', ')})`).toBe(1);
    expectNoProblems(
      [page],
      offlineErrors(from, () => back + 5_000),
    );
  });

  it('is not sent when the table moved on meanwhile, and says so; a doubling decision is sent all the same (R3.1); a waiting move can be cancelled (desktop, en)', async () => {
    // Kontra chosen offline while the other defender plays its card: the table it was chosen on is gone.
    const playing = await createTable(base, { name: 'offline dropped', options: { doubling: false }, deals: [shuffledDeal(52)] });
    await playThroughApi(base, playing, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
    const onTurn = (await readView(base, playing.tableId, playing.spectator.token)).turn as Seat;
    const declarer = (await readView(base, playing.tableId, playing.spectator.token)).declarer as Seat;
    const waiting = ([0, 1, 2] as Seat[]).find((s) => s !== onTurn && s !== declarer)!;
    const defender = await seatPage(playing, waiting, 'desktop', 'en', { ownDevice: true });
    await expect.poll(() => defender.locator('[data-table]').getAttribute('data-connection')).toBe('live');
    const from = Date.now();
    let back = Number.POSITIVE_INFINITY;
    await goOffline(defender);
    await expect.poll(() => defender.locator('[data-table]').getAttribute('data-connection')).toBe('offline');
    await clickVisible(defender, '[data-action="kontra"]');
    await defender.locator('[data-dock] [data-queued="waiting"]').waitFor({ timeout: 8_000 });
    const card = (await readView(base, playing.tableId, playing.seats[onTurn]!.token)).legalActions.find((a) => a.type === 'play')!;
    const moved = await actThroughApi(base, playing.tableId, playing.seats[onTurn]!.token, card as Record<string, unknown>);
    await defender.context().setOffline(false);
    back = Date.now();
    const dropped = defender.locator('[data-dock] [data-queued="dropped"]');
    await dropped.waitFor({ timeout: 10_000 });
    expect(await dropped.textContent()).toContain(TEXT.en.dropped);
    await waitForVersion(defender, moved.version);
    await sleep(500);
    const after = await readView(base, playing.tableId, playing.spectator.token);
    expect({ kontra: after.kontra, version: after.version }, 'the defender sent nothing').toEqual({ kontra: null, version: moved.version });
    await defender.locator('[data-queued-cancel]').click();
    expectNoProblems(
      [defender],
      offlineErrors(from, () => back + 5_000),
    );

    // A double chosen offline while another seat decides: each seat decides on its own packet (R3.1), so it goes when the connection is back.
    const table = await createTable(base, { name: 'offline double', deals: [shuffledDeal(53)] });
    const page = await seatPage(table, 0, 'desktop', 'en', { ownDevice: true });
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection')).toBe('live');
    await goOffline(page);
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection')).toBe('offline');
    await clickVisible(page, '[data-action="double"][data-double="true"]');
    await page.locator('[data-dock] [data-queued="waiting"]').waitFor({ timeout: 8_000 });
    await actThroughApi(base, table.tableId, table.seats[1]!.token, { type: 'double', double: false });
    await page.context().setOffline(false);
    back = Date.now();
    await waitForVersion(page, 2, 10_000);
    await expect.poll(() => page.locator('[data-queued]').count()).toBe(0);
    const view = await readView(base, table.tableId, table.seats[0]!.token);
    expect({ decided: view.seats[0]!.decided, version: view.version }, "seat 0's decision taken").toEqual({ decided: true, version: 2 });

    // Offline again, at a table of its own: a move waits, is cancelled, and nothing goes when the connection is back.
    const cancelled = await createTable(base, { name: 'offline cancelled', deals: [shuffledDeal(54)] });
    await page.goto(cancelled.seats[0]!.url);
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection')).toBe('live');
    await goOffline(page);
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection')).toBe('offline');
    await clickVisible(page, '[data-action="double"][data-double="false"]');
    await page.locator('[data-dock] [data-queued="waiting"]').waitFor({ timeout: 8_000 });
    await page.locator('[data-queued-cancel]').click();
    expect(await page.locator('[data-queued]').count()).toBe(0);
    await page.context().setOffline(false);
    back = Date.now();
    await expect.poll(() => page.locator('[data-table]').getAttribute('data-connection'), { timeout: 10_000 }).toBe('live');
    await sleep(1_000);
    expect((await readView(base, cancelled.tableId, cancelled.seats[0]!.token)).seats[0]!.decided, 'the cancelled move was not sent').toBe(false);
    expect(await page.locator('[data-action="double"][data-double="false"]').isEnabled(), 'the controls are free again').toBe(true);
    expectNoProblems(
      [page],
      offlineErrors(from, () => back + 5_000),
    );
  });
});

describe('a move made before the code that sends moves has come', () => {
  it('waits for it, the controls busy, and is sent once it is there: never lost (desktop, en)', async () => {
    const table = await createTable(base, { name: 'early move', deals: [shuffledDeal(55)] });
    const context = await contextIn(chromium, 'desktop', 'en');
    // The code that sends moves (web/src/table/moves.ts, loaded once the cards are painted) is held back until the move is made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await context.route(/\/assets\/moves-[\w-]+\.js$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    const page = await openPage(context, table.seats[0]!.url, 'seat 0');
    await page.locator('[data-hand] [data-card]').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => asked.length, { message: 'the code that sends moves is asked for after the first cards' }).toBeGreaterThan(0);
    const before = await versionOf(table);
    await clickVisible(page, '[data-action="double"][data-double="false"]');
    await expect
      .poll(() => page.locator('[data-action="double"][data-double="true"]').isDisabled(), { message: 'busy while the move waits' })
      .toBe(true);
    await sleep(500);
    expect(await versionOf(table), 'nothing is sent without the code').toBe(before);

    release();
    await waitForVersion(page, before + 1, 10_000);
    const view = await readView(base, table.tableId, table.seats[0]!.token);
    expect({ decided: view.seats[0]!.decided, version: view.version }, "seat 0's decision, made before the code came").toEqual({
      decided: true,
      version: before + 1,
    });
    expectNoProblems([page]);
  });
});
