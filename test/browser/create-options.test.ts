/**
 * The create form's new options reach the server and take effect: trump "named" (R7.2),
 * trickHistory "opponents" (R7.10), and with the pot potStake, potTo "winners" (R5.2) and
 * maxRedeals (R5.4), read back from the finished games' records (R10.1) and seen at work:
 * a redeal, the pot, the forced game after the last redeal allowed, the trump to name. The
 * pot's own options are sent only with the pot. And the end of a series with something in the
 * pot (R5.3): each page shows what each seat got back. Moves not under test go through the API.
 * The form's rules are set after unfolding "More rules", as a person does.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { parseRecord } from '../../shared/notation.js';
import {
  actThroughApi,
  createTable,
  expectNoProblems,
  openPage,
  partsOfLink,
  readGames,
  readView,
  SEATS,
  shuffledDeal,
  useChromium,
  type Seat,
  type View,
} from './support.js';

const base = inject('baseUrl');
const chromium = useChromium();

interface FormTable {
  readonly tableId: string;
  readonly tokens: string[];
  readonly spectatorToken: string;
  /** The options the form sent (POST /api/tables). */
  readonly sent: Record<string, unknown>;
}

/** Submits the create form (after `fill`) and reads the share screen's links and the body sent. */
async function createByForm(page: Page, fill: () => Promise<void>): Promise<FormTable> {
  const form = page.locator('form[data-form="create"]');
  await form.waitFor({ timeout: 10_000 });
  // The house rules are folded under "More rules" (create-form.test.ts): unfold them to set them.
  await form.locator('details[data-more-rules] > summary').click();
  await fill();
  const request = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/tables');
  await form.locator('button[type="submit"][data-create]').click();
  const body = (await request).postDataJSON() as { options: Record<string, unknown> };
  const links = await Promise.all(SEATS.map((seat) => page.locator(`a[data-seat-link="${seat}"]`).getAttribute('href', { timeout: 10_000 })));
  const spectator = await page.locator('a[data-spectator-link]').getAttribute('href');
  const parts = links.map((link) => partsOfLink(link!));
  return { tableId: parts[0]!.tableId, tokens: parts.map((p) => p.token), spectatorToken: partsOfLink(spectator!).token, sent: body.options };
}

/** Every seat passes (through the API) until this deal's auction is over: a redeal, or the forced game. */
async function allPass(tableId: string, tokens: readonly string[]): Promise<View> {
  const start = await readView(base, tableId, tokens[0]!);
  for (let guard = 0; guard < 10; guard++) {
    const views = await Promise.all(SEATS.map((seat) => readView(base, tableId, tokens[seat]!)));
    if (views[0]!.phase !== 'auction' || views[0]!.redeal !== start.redeal) return views[0]!;
    const seat = SEATS.find((s) => views[s]!.legalActions.some((a) => a.type === 'pass'))!;
    await actThroughApi(base, tableId, tokens[seat]!, { type: 'pass', version: views[seat]!.version });
  }
  throw new Error('the auction did not end');
}

it("the create form creates tables with trump named, the other side's last trick, and the pot won by the winners with one redeal at most", async () => {
  const context = await chromium.context('desktop');
  const home = await openPage(context, `${base}/`, 'create page');
  const form = home.locator('form[data-form="create"]');
  const table = await createByForm(home, async () => {
    await form.locator('input[name="doubling"]').uncheck();
    await form.locator('input[name="games"]').fill('2');
    await form.locator('select[name="allPass"]').selectOption('pot');
    await form.locator('input[name="potStake"]').fill('2');
    await form.locator('select[name="potTo"]').selectOption('winners');
    await form.locator('input[name="maxRedeals"]').fill('1');
    await form.locator('select[name="trump"]').selectOption('named');
    await form.locator('select[name="trickHistory"]').selectOption('opponents');
    await form.locator('input[name="chat"]').uncheck();
    await form.locator('input[name="claims"]').uncheck();
  });
  const chosen = {
    doubling: false,
    games: 2,
    allPass: 'pot',
    potStake: 2,
    potTo: 'winners',
    maxRedeals: 1,
    trump: 'named',
    trickHistory: 'opponents',
    claims: false,
  };
  expect(table.sent, 'the options the form sent').toMatchObject(chosen);
  // The chat is a table setting, not a rule: sent as "off", said by the view, in no record.
  expect(table.sent.chat, 'the chat unticked').toBe('off');
  expect(((await readView(base, table.tableId, table.spectatorToken)) as unknown as { chat: boolean }).chat).toBe(false);

  // Everybody passes: a redeal (R5.2), whose record carries the table's options (R10.1).
  const spectator = await openPage(context, `${base}/t/${table.tableId}#${table.spectatorToken}`, 'spectator');
  let view = await allPass(table.tableId, table.tokens);
  const { games } = await readGames(base, table.tableId, table.spectatorToken);
  expect(games, 'the redeal is recorded').toHaveLength(1);
  expect((games[0] as unknown as { options: Record<string, unknown> }).options, 'the options the server plays by').toMatchObject(chosen);
  expect(
    { redeal: view.redeal, pot: view.pot, gameNumber: view.gameNumber, balances: view.seats.map((s) => s.balance) },
    'R5.2: each paid 2 into the pot; the same game is dealt again',
  ).toEqual({
    redeal: 1,
    pot: 6,
    gameNumber: 1,
    balances: [-2, -2, -2],
  });
  await expect.poll(() => spectator.locator('[data-redeal="1"]').isVisible(), { message: 'the spectator\'s page shows "redeal 1"' }).toBe(true);
  expect(await spectator.locator('[data-redeal]').textContent()).toContain('redeal 1');
  expect(await spectator.locator('[data-pot]').textContent()).toBe('6');

  // Everybody passes again: after the one redeal allowed it is the forced game (R5.4, R5.1).
  view = await allPass(table.tableId, table.tokens);
  const forehand = ((view.dealer + 1) % 3) as Seat;
  expect({ phase: view.phase, declarer: view.declarer, redeal: view.redeal }, 'R5.4: forehand plays the forced game').toEqual({
    phase: 'discard',
    declarer: forehand,
    redeal: 1,
  });
  const declarerView = await readView(base, table.tableId, table.tokens[forehand]!);
  await actThroughApi(base, table.tableId, table.tokens[forehand]!, { type: 'discard', cards: declarerView.hand!.slice(0, 2) });
  await actThroughApi(base, table.tableId, table.tokens[forehand]!, { type: 'declare', contract: '6' });
  // R7.2: the declarer names trump with its first card: every legal play carries a suit, and its page offers the picker.
  const playing = await readView(base, table.tableId, table.tokens[forehand]!);
  const plays = playing.legalActions.filter((a) => a.type === 'play');
  expect(plays.length > 0 && plays.every((a) => a.type === 'play' && a.trump !== undefined), 'every legal play names trump').toBe(true);
  const declarerPage = await openPage(context, `${base}/t/${table.tableId}#${table.tokens[forehand]}`, 'declarer');
  await declarerPage.locator('[data-trump-picker]').waitFor({ timeout: 10_000 });
  expect(await declarerPage.locator('[data-trump-picker] input[data-trump]').count(), 'suits to name').toBe(4);

  // A second table: the pot's options chosen, then the pot given up again: none of them is sent.
  await home.goto(`${base}/`);
  const plain = await createByForm(home, async () => {
    await form.locator('select[name="allPass"]').selectOption('pot');
    await form.locator('select[name="potTo"]').selectOption('winners');
    await form.locator('input[name="maxRedeals"]').fill('5');
    await form.locator('select[name="allPass"]').selectOption('forced');
    expect(await form.locator('[data-pot-options]').count(), 'the pot\'s options are hidden with allPass "forced"').toBe(0);
  });
  expect(plain.sent, 'the options sent with allPass "forced"').toMatchObject({ allPass: 'forced', trump: 'led', trickHistory: 'last' });
  for (const name of ['potStake', 'potTo', 'maxRedeals']) expect(plain.sent, `"${name}" is not sent with allPass "forced"`).not.toHaveProperty(name);
  expect((await readView(base, plain.tableId, plain.spectatorToken)).phase, 'the table was created').toBe('doubling');
  expectNoProblems([home, spectator, declarerPage]);
});

/** Game 19 of test/engine/games (by hand): after a redeal, the forced game is lost by its declarer and the pot stays. */
const FORCED_GAME_LOST = `[Game "1"]
[Dealer "1"]
[PotBefore "3"]
[Redeal "1"]
[Options "doubling=off tenTrickBid=off allPass=pot potStake=1 potTo=declarer maxRedeals=1 winDutyInBettel=on trump=led trickHistory=last knock=off kontra=on firstDealer=0 games=1 stakePerTrick=1 flatTariff=10"]
[Contract "6"]
[Declarer "2"]
[Trump "H"]
[Multiplier "1"]
[Result "lost: 5 tricks"]

Deal:
  0: G7 S7 E8 | E7 GU E9 SK EO GK EA
  1: G8 E10 SA | H9 HK G9 HO EU GO SO
  2: G10 HA EK | H7 SU HU S9 GA S8 H8
  stock: S10 H10
Auction: 2:pass 0:pass 1:pass
Discard: 2:EK,S8
Contract: 2:6
Play:
  1. 2:HA 0:EA 1:HK  => 2
  2. 2:GA 0:GK 1:GO  => 2
  3. 2:HU 0:SK 1:HO  => 1
  4. 1:SA 2:SU 0:S7  => 1
  5. 1:SO 2:S10 0:EO  => 1
  6. 1:EU 2:H10 0:E9  => 2
  7. 2:G10 0:GU 1:G9  => 0
  8. 0:E8 1:E10 2:H8  => 2
  9. 2:S9 0:E7 1:H9  => 1
  10. 1:G8 2:H7 0:G7  => 2
Settlement: 0:+6 1:+6 2:-12 pot:0
`;

it('R5.3: a series that ends with something in the pot pays it back, and every page says so with the final balances', async () => {
  const parsed = parseRecord(FORCED_GAME_LOST);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const record = parsed.value;
  const created = await createTable(base, {
    name: 'pot paid back',
    options: { games: 1, doubling: false, allPass: 'pot', potStake: 1, maxRedeals: 1 },
    deals: [shuffledDeal(3), record.deal],
  });
  const tokens = SEATS.map((seat) => created.seats[seat]!.token);
  const pages: Page[] = [];
  for (const seat of SEATS)
    pages.push(await openPage(await chromium.context(seat === 2 ? 'phone' : 'desktop'), created.seats[seat]!.url, `seat ${seat}`));

  // The first deal: everybody passes, 1 each into the pot, redeal.
  expect((await allPass(created.tableId, tokens)).pot, 'the pot after the redeal').toBe(3);
  // The forced game as recorded by hand: the declarer loses, the pot stays (potTo declarer).
  for (const { seat, action } of record.actions)
    await actThroughApi(base, created.tableId, tokens[seat]!, action as unknown as Record<string, unknown>);
  const view = await readView(base, created.tableId, tokens[0]!);
  expect(
    { seriesOver: view.seriesOver, potPaidBack: view.potPaidBack, pot: view.pot, balances: view.seats.map((s) => s.balance) },
    'R5.3: 3 in the pot, 1 back to each',
  ).toEqual({
    seriesOver: true,
    potPaidBack: 1,
    pot: 0,
    balances: [6, 6, -12],
  });
  for (const [seat, page] of pages.entries()) {
    const over = page.locator('[data-series-over]');
    await expect.poll(() => over.isVisible(), { message: `seat ${seat}: [data-series-over]` }).toBe(true);
    expect(await over.locator('[data-pot-paid-back="1"]').textContent(), `seat ${seat}: the pot paid back`).toBe(
      'These include 1 each, paid back from the pot.',
    );
    expect(await over.locator('[data-pot-remains]').count(), `seat ${seat}: nothing stays in the pot`).toBe(0);
    // The final standings, ranked by balance (ties in seat order), signed.
    expect(await over.locator('[data-standing-balance]').allTextContents(), `seat ${seat}: the final balances`).toEqual(['+6', '+6', '-12']);
  }
  expectNoProblems(pages);
});
