/**
 * Whole games through the HTTP API: every hand-made game of test/engine/games (one per
 * contract kind and option) is dealt as a fixed deal (TEST_DEALS=on), played action by
 * action with each seat's own token, and must end with the file's settlement and come back
 * from `GET …/games` as the file's record. The files that are a redeal and the game after
 * it are played as one series at one table, to the balances, pot and pot paid back
 * computed by hand in test/engine/games.test.ts. One more game is dealt from a secret seed
 * and played with random legal actions, to check the verifiable shuffle end to end.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import { commitmentOf, dealFromSeed } from '../../shared/deal.js';
import { seededRng } from '../../shared/bots.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { validateRecord, type GameRecord } from '../../shared/record.js';
import type { OfferedAction } from '../../shared/view.js';
import {
  act,
  createTable,
  games,
  HAND_MADE,
  HAND_MADE_PAIRS,
  HAND_MADE_SERIES,
  handMade,
  randomIp,
  request,
  tableFor,
  view,
  type CreatedTable,
  type TableView,
} from './support.js';

/** What the view offers for `action`: discarding is offered once, as a count (API.md). */
const offeredFor = (action: Action): OfferedAction => (action.type === 'discard' ? { type: 'discard', count: 2 } : action);

/**
 * Plays the record's actions at the table, from version `fromVersion`: before each action
 * the acting seat's view must offer it, and each answer must be that seat's view, one
 * version further.
 */
async function playRecord(table: CreatedTable, record: GameRecord, fromVersion: number): Promise<number> {
  let version = fromVersion;
  for (const [index, { seat, action }] of record.actions.entries()) {
    const token = table.seats[seat]!.token;
    const before = await view(table.tableId, token);
    expect(before.version, `action ${index + 1}`).toBe(version);
    expect(before.legalActions, `action ${index + 1}: ${JSON.stringify(action)} by seat ${seat}`).toContainEqual(offeredFor(action));
    // Everything but a double and a kontra is the acting seat's turn; re too (R8.2: after a kontra the declarer's turn).
    if (action.type !== 'double' && action.type !== 'kontra') expect(before.turn, `action ${index + 1}`).toBe(seat);
    const answer = await act(table.tableId, token, { ...action, version });
    expect(answer.seat).toBe(seat);
    expect(answer.version, `action ${index + 1}`).toBe(++version);
  }
  return version;
}

/** The record as `GET …/games` must publish it for a table created with tableFor(record). */
const published = (record: GameRecord, dealIndex: number, options: TableOptions = { ...record.options, firstDealer: record.dealer, games: 1 }) => ({
  ...record,
  options,
  dealIndex,
  series: 1,
  seed: null,
  commitment: null,
  finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
});

function expectFinished(final: TableView, balances: readonly number[], pot: number, potPaidBack = 0): void {
  expect(final.phase).toBe('finished');
  expect(final.seriesOver).toBe(true);
  expect(final.turn).toBeNull();
  expect(final.legalActions).toEqual([]);
  expect(final.seats.map((s) => s.balance)).toEqual(balances);
  expect(final.pot).toBe(pot);
  expect(final.potPaidBack).toBe(potPaidBack);
}

const SINGLE_GAMES = HAND_MADE_SERIES.filter((names) => names.length === 1).map((names) => names[0]!);

describe('hand-made games through the HTTP API', () => {
  it('has all 19 hand-made games (13 single games and 3 two-game series)', () => {
    expect(HAND_MADE.size).toBe(19);
    expect(SINGLE_GAMES).toHaveLength(13);
    expect(HAND_MADE_PAIRS).toHaveLength(3);
    expect(HAND_MADE_SERIES.flat()).toEqual([...HAND_MADE.keys()]);
  });

  it.each(SINGLE_GAMES)("%s: plays to the file's settlement and publishes the file's record", async (name) => {
    const record = handMade(name);
    const table = await createTable(tableFor(record));

    const first = await view(table.tableId, table.seats[0]!.token);
    expect(first).toMatchObject({
      version: 0,
      phase: record.options.doubling ? 'doubling' : 'auction',
      gameNumber: 1,
      games: 1,
      dealer: record.dealer,
      commitment: null,
    });
    for (const seat of [0, 1, 2] as Seat[]) {
      const own = await view(table.tableId, table.seats[seat]!.token);
      // R3.1: the packet only while the doubling window is open; without doubling the whole hand (R3.3).
      expect(new Set(own.hand)).toEqual(new Set(record.deal.hands[seat].slice(0, record.options.doubling ? 3 : 10)));
    }

    const version = await playRecord(table, record, 0);
    expect(version).toBe(record.actions.length);

    for (const token of [...table.seats.map((s) => s.token), table.spectator.token]) {
      const final = await view(table.tableId, token);
      expect(final.version).toBe(version);
      expectFinished(final, record.settlement!.payments, record.settlement!.pot);
      expect(final.result).toEqual(record.result);
      expect(final.settlement).toEqual(record.settlement);
      expect(final.contract).toBe(record.contract);
      expect(final.declarer).toBe(record.declarer);
      expect(final.multiplier).toBe(record.multiplier);
    }

    const bySeat = await games(table.tableId, table.seats[1]!.token);
    expect(bySeat).toEqual([published(record, 0)]);
    expect(await games(table.tableId, table.spectator.token)).toEqual(bySeat);
    expect(validateRecord(bySeat[0]).ok).toBe(true); // R10.1: the published record replays to itself
  });

  /**
   * Each pair at one table: the options of its files (games 1, so the series ends with the
   * second game), and what test/engine/games.test.ts computed by hand: the pot after the
   * all-pass, then the balances, the pot and what R5.3 paid back at the end.
   */
  const PAIRS = [
    // 10: each seat pays potStake 2 (pot 6); 11: the declarer seat 2 wins 6 and takes the pot (R9.3): −2−7, −2−7, −2+7+7+6.
    { names: HAND_MADE_PAIRS[0]!, potBetween: 6, balances: [-9, -9, 18], pot: 0, potPaidBack: 0 },
    // 16: doubles do not touch the pot stake, 1 each (pot 3); 17: the declarer loses, each defender gets ⌊3/2⌋ = 1
    // (potTo winners): −1+7, −1+7, −1−12; pot 1, which R5.3 cannot split in three: it stays.
    { names: HAND_MADE_PAIRS[1]!, potBetween: 3, balances: [6, 6, -13], pot: 1, potPaidBack: 0 },
    // 18: pot 3 (maxRedeals 1); 19: the second all-pass is the forced game (R5.4), lost by forehand seat 2: +6, +6, −12,
    // the pot of 3 stays (potTo declarer) and goes back at the series' end, 1 each (R5.3): −1+6+1, −1+6+1, −1−12+1.
    { names: HAND_MADE_PAIRS[2]!, potBetween: 3, balances: [6, 6, -12], pot: 0, potPaidBack: 1 },
  ];

  it.each(PAIRS)(
    '$names.0 + $names.1: one table; the redeal is the same game 1 by the next dealer; balances $balances, pot $pot, paid back $potPaidBack',
    async ({ names, potBetween, balances, pot, potPaidBack }) => {
      const [redeal, next] = names.map(handMade) as [GameRecord, GameRecord];
      expect(redeal.result).toEqual({ kind: 'allPass' });
      expect([next.gameNumber, next.redeal, next.dealer, next.potBefore]).toEqual([1, 1, (redeal.dealer + 1) % 3, potBetween]);
      const options: TableOptions = { ...redeal.options, firstDealer: redeal.dealer, games: 1 };
      const table = await createTable({ options, deals: [redeal.deal, next.deal] });

      let version = await playRecord(table, redeal, 0);
      // The next deal starts by itself: still game 1 (R5.2), the next dealer, the pot filled, redeal 1.
      const between = await view(table.tableId, table.spectator.token);
      expect(between).toMatchObject({
        version,
        phase: redeal.options.doubling ? 'doubling' : 'auction',
        gameNumber: 1,
        dealer: next.dealer,
        pot: potBetween,
        redeal: 1,
        potPaidBack: 0,
        seriesOver: false,
      });
      expect(between.seats.map((s) => s.balance)).toEqual(redeal.settlement!.payments);

      version = await playRecord(table, next, version);
      expect(version).toBe(redeal.actions.length + next.actions.length);
      // The hand-computed balances are the two settlements plus what came back of the pot.
      expect([0, 1, 2].map((seat) => redeal.settlement!.payments[seat]! + next.settlement!.payments[seat]! + potPaidBack)).toEqual(balances);
      expect(potBetween + next.settlement!.pot - 3 * potPaidBack).toBe(pot);
      for (const token of [...table.seats.map((s) => s.token), table.spectator.token]) {
        const final = await view(table.tableId, token);
        expectFinished(final, balances, pot, potPaidBack);
        expect(final).toMatchObject({ redeal: 1, gameNumber: 1, declarer: next.declarer, contract: next.contract, multiplier: next.multiplier });
        expect(final.settlement).toEqual(next.settlement);
      }

      const records = await games(table.tableId, table.seats[2]!.token);
      expect(records).toEqual([published(redeal, 0, options), published(next, 1, options)]);
      for (const record of records) expect(validateRecord(record).ok).toBe(true);
    },
  );
});

describe('a series of two games', () => {
  it('deals the second game by itself, to the next dealer, and adds up the balances', async () => {
    const first = handMade('01-hold-stage1-overtrump');
    const second = handMade('05-trumped-trick-three-doubles');
    expect([first.dealer, second.dealer]).toEqual([0, 1]);
    expect(second.options).toEqual(first.options);
    const options: TableOptions = { ...first.options, games: 2 };
    const table = await createTable({ options, deals: [first.deal, second.deal] });

    const version = await playRecord(table, first, 0);
    const between = await view(table.tableId, table.seats[1]!.token);
    expect(between).toMatchObject({ version, phase: 'doubling', gameNumber: 2, dealer: 1, seriesOver: false, result: null, lastTrick: null });
    expect(between.seats.map((s) => s.balance)).toEqual(first.settlement!.payments);
    expect(new Set(between.hand)).toEqual(new Set(second.deal.hands[1].slice(0, 3)));

    expect(await playRecord(table, second, version)).toBe(first.actions.length + second.actions.length);
    const balances = [0, 1, 2].map((seat) => first.settlement!.payments[seat]! + second.settlement!.payments[seat]!);
    expectFinished(await view(table.tableId, table.spectator.token), balances, 0);
    const records = await games(table.tableId, table.seats[0]!.token);
    expect(records).toEqual([published(first, 0, options), { ...published(second, 1, options), gameNumber: 2 }]);
  });
});

describe('creating a table', () => {
  it('needs no body at all: three seats, the default options, a secret deal', async () => {
    const res = await request('/api/tables', { method: 'POST', headers: { 'cf-connecting-ip': randomIp() } });
    expect(res.status).toBe(201);
    const table = (await res.json()) as CreatedTable;
    const first = await view(table.tableId, table.spectator.token);
    expect(first).toMatchObject({
      tableId: table.tableId,
      version: 0,
      seat: null,
      hand: null,
      phase: 'doubling',
      gameNumber: 1,
      games: 3,
      dealer: 0,
      pot: 0,
      seriesOver: false,
      deadline: null,
    });
    expect(first.seats.map((s) => [s.name, s.cards, s.balance])).toEqual([
      ['Seat 1', 3, 0],
      ['Seat 2', 3, 0],
      ['Seat 3', 3, 0],
    ]);
    expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await games(table.tableId, table.spectator.token)).toEqual([]);
  });

  it('takes names, bots and a move deadline', async () => {
    const before = Date.now();
    const table = await createTable({
      name: 'Stammtisch',
      seats: [{ name: 'Vroni' }, { name: 'Sepp', bot: true }, {}],
      options: { moveDeadlineHours: 24 },
    });
    const v = await view(table.tableId, table.seats[1]!.token);
    expect(v.name).toBe('Stammtisch');
    expect(v.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Vroni', false],
      ['Sepp', true],
      ['Seat 3', false],
    ]);
    const deadline = Date.parse(v.deadline!);
    expect(deadline - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(24 * 3_600_000 + 1_000);
  });
});

describe('a game dealt from a secret seed, played with random legal actions', () => {
  it('shows the commitment of the seed it reveals afterwards, and the seed gives the deal', async () => {
    const table = await createTable({ options: { games: 1, kontra: true, knock: true } });
    const rng = seededRng(20_240_601);
    const tokens = table.seats.map((s) => s.token);
    const commitments = new Set<string | null>();
    const played: { seat: Seat; action: unknown }[] = [];
    const packets: string[][] = [];
    let version = 0;

    for (let step = 0; ; step++) {
      expect(step, 'the game should be over after at most 60 actions').toBeLessThan(60);
      const views = await Promise.all(tokens.map((token) => view(table.tableId, token)));
      const spectator = await view(table.tableId, table.spectator.token);
      for (const v of [...views, spectator]) {
        expect(v.version).toBe(version);
        commitments.add(v.commitment);
      }
      if (step === 0) for (const v of views) packets.push(v.hand!);
      if (views[0]!.phase === 'finished') break;

      const choices = views.flatMap((v) => v.legalActions.map((action) => ({ seat: v.seat!, action, hand: v.hand! })));
      expect(choices.length, `someone may act in phase ${views[0]!.phase}`).toBeGreaterThan(0);
      const choice = choices[rng(choices.length)]!;
      let action: unknown = choice.action;
      if (choice.action.type === 'discard') {
        expect(choice.hand).toHaveLength(12); // the declarer has picked up the stock
        const first = choice.hand[rng(12)]!;
        const rest = choice.hand.filter((card) => card !== first);
        action = { type: 'discard', cards: [first, rest[rng(11)]!] };
      }
      const answer = await act(table.tableId, tokens[choice.seat]!, { ...(action as object), version });
      expect(answer.version).toBe(++version);
      played.push({ seat: choice.seat, action });
    }

    const [record, ...more] = await games(table.tableId, table.spectator.token);
    expect(more).toEqual([]);
    expect(record!.actions).toEqual(played);
    expect(record!.seed).toMatch(/^[0-9a-f]{64}$/);

    // Every view of the running game showed one commitment: SHA-256 of the revealed seed.
    expect(commitments.size).toBe(1);
    const [commitment] = [...commitments];
    const seedBytes = Uint8Array.from(record!.seed!.match(/../g)!, (hex) => parseInt(hex, 16));
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', seedBytes)), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(commitment).toBe(digest);
    expect(commitmentOf(record!.seed!)).toBe(digest);
    expect(record!.commitment).toBe(digest);

    // The seed gives the deal that was played, and each seat was shown its packet of it.
    const deal = dealFromSeed(record!.seed!);
    expect(deal.ok && deal.value).toEqual(record!.deal);
    packets.forEach((packet, seat) => expect(new Set(packet)).toEqual(new Set(record!.deal.hands[seat as Seat].slice(0, 3))));
    expect(validateRecord(record).ok).toBe(true);
  });
});
