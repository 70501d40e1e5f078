/**
 * R7.12 claims through the public API, on fixed deals (TEST_DEALS=on).
 *
 * ENDING: six tricks on, the declarer holds the only trumps left. Its claim is sure from all it
 * has seen: accepted at once, every seat's socket is pushed the ended game, settled as played
 * out, `result.claimedBy` naming it; with trickHistory "last" too, where its view no longer
 * shows the first trick's H8 (a claim is judged from every card the seat saw played).
 *
 * REFUSED: eight tricks on, the declarer holds HA EA and the one trump left, H7, is a
 * defender's. As the cards lie (that defender still holds E8) the claim would hold; from what
 * the declarer has seen, that defender may as well hold no eichel and trump its EA: refused,
 * and recorded (422 illegal_action, the version up by one, `{seat, type: "claim", refused:
 * true}` in every view's moves and in the record), once per trick (`mayClaim`). The refusal
 * and the declarer's views after it are the same in a world that differs only in cards the
 * declarer has not seen.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { CardCode } from '../../shared/cards.js';
import type { Seat } from '../../shared/options.js';
import { ContractCheck, type Exchange } from './openapi-check.js';
import {
  act,
  clientIpOf,
  connect,
  createTable,
  games,
  playActions,
  postAction,
  request,
  tableStub,
  view,
  type CreatedTable,
  type Socket,
  type TableView,
} from './support.js';

const codes = (text: string) => text.split(' ') as CardCode[];
const play = (seat: Seat, card: string) => ({ seat, action: { type: 'play', card: card as CardCode } as Action });
/** Tricks led by seat 1 and won by it, each as [seat, card] × 3 in the order played. */
const tricks = (rows: (string | number)[][]) =>
  rows.flatMap(([a, x, b, y, c, z]) => [play(a as Seat, x as string), play(b as Seat, y as string), play(c as Seat, z as string)]);

/** The refusal of a claim not sure from all its seat has seen (shared/claims.ts CLAIM_REFUSALS.notSure). */
const NOT_SURE = 'R7.12: the claim is not sure from all you have seen';
/** The refusal of a second claim in the trick of a refused one (CLAIM_REFUSALS.again). */
const AGAIN = 'R7.12: your claim was refused in this trick; you may claim again from the next trick';

// ---------------------------------------------------------------- ENDING: a sure claim

const HANDS: [string, string, string] = ['E9 E8 E7 G9 G8 G7 SO SU S10 S9', 'HA HK HO HU H10 H9 H7 EA GA SA', 'H8 EK EO EU E10 GK GO GU G10 SK'];
/** Seat 1 declares 6 and leads HU (hearts trump); six tricks on, it holds HA HK HO H7 and every other heart is gone. */
const SCRIPT: { seat: Seat; action: Action }[] = [
  { seat: 1, action: { type: 'bid', bid: '6' } },
  { seat: 2, action: { type: 'pass' } },
  { seat: 0, action: { type: 'pass' } },
  { seat: 1, action: { type: 'discard', cards: ['S8', 'S7'] } },
  { seat: 1, action: { type: 'declare', contract: '6' } },
  ...tricks([
    [1, 'HU', 2, 'H8', 0, 'E9'],
    [1, 'H10', 2, 'EK', 0, 'E8'],
    [1, 'H9', 2, 'EO', 0, 'E7'],
    [1, 'EA', 2, 'EU', 0, 'G9'],
    [1, 'GA', 2, 'GK', 0, 'G8'],
    [1, 'SA', 2, 'SK', 0, 'S9'],
  ]),
];

async function ending(trickHistory: 'all' | 'last'): Promise<CreatedTable> {
  const table = await createTable({
    options: { doubling: false, kontra: false, trickHistory, games: 1, firstDealer: 0 },
    deals: [{ hands: HANDS.map(codes), stock: ['S8', 'S7'] }],
  });
  await playActions(table, SCRIPT, 0);
  return table;
}

// ---------------------------------------------------------------- REFUSED: a claim not sure from what its seat has seen

/** Seat 0 holds E8 here, seat 2 G8. */
const REFUSED_HANDS: [string, string, string] = [
  'H9 H8 H7 E8 E7 S10 S9 S8 GU G10',
  'HA HK HO EA EK SA SK SO GA GK',
  'EO EU E10 E9 GO G9 G8 G7 SU S7',
];
/** The same but for two cards the declarer (seat 1) never sees: seat 0's E8 and seat 2's G8 change hands. */
const SWAPPED_HANDS: [string, string, string] = [
  'H9 H8 H7 G8 E7 S10 S9 S8 GU G10',
  'HA HK HO EA EK SA SK SO GA GK',
  'EO EU E10 E9 GO G9 E8 G7 SU S7',
];
/**
 * Seat 1 declares 6, puts the stock's HU H10 away and leads HK (hearts trump). Every play is
 * legal in both worlds (no eichel is led while E8 could be the only one its holder has, one
 * gras only). Eight tricks on it leads with HA EA; seat 0 holds H7 and E8 (here) or G8
 * (swapped), seat 2 GO and the other.
 */
const REFUSED_SCRIPT: { seat: Seat; action: Action }[] = [
  { seat: 1, action: { type: 'bid', bid: '6' } },
  { seat: 2, action: { type: 'pass' } },
  { seat: 0, action: { type: 'pass' } },
  { seat: 1, action: { type: 'discard', cards: ['HU', 'H10'] } },
  { seat: 1, action: { type: 'declare', contract: '6' } },
  ...tricks([
    [1, 'HK', 2, 'EO', 0, 'H9'],
    [1, 'HO', 2, 'EU', 0, 'H8'],
    [1, 'SA', 2, 'S7', 0, 'S8'],
    [1, 'SK', 2, 'SU', 0, 'S9'],
    [1, 'SO', 2, 'E10', 0, 'S10'],
    [1, 'GA', 2, 'G7', 0, 'G10'],
    [1, 'GK', 2, 'G9', 0, 'GU'],
    [1, 'EK', 2, 'E9', 0, 'E7'],
  ]),
];
/** The table's version when seat 1 leads to the ninth trick. */
const NINTH = REFUSED_SCRIPT.length;

async function refusedAt(hands = REFUSED_HANDS, trickHistory: 'all' | 'last' = 'last'): Promise<CreatedTable> {
  const table = await createTable({
    options: { doubling: false, kontra: false, trickHistory, games: 1, firstDealer: 0 },
    deals: [{ hands: hands.map(codes), stock: ['HU', 'H10'] }],
  });
  await playActions(table, REFUSED_SCRIPT, 0);
  return table;
}

/** POST …/actions: the status and the body's text. */
async function send(table: CreatedTable, seat: Seat, action: unknown): Promise<{ status: number; body: string }> {
  const res = await postAction(table.tableId, table.seats[seat]!.token, action);
  return { status: res.status, body: await res.text() };
}

const refusalBody = (message: string) => ({ error: { code: 'illegal_action', message } });

/** Every seat's view and the spectator's, in that order. */
const allViews = (table: CreatedTable): Promise<TableView[]> =>
  Promise.all([...table.seats.map((s) => s.token), table.spectator.token].map((token) => view(table.tableId, token)));

/** A view without what names its table: what two tables of the same deals and moves show alike. */
const untabled = ({ tableId: _tableId, ...rest }: TableView) => rest;

/** The next pushed view on `socket`, past anything else it was sent. */
async function nextView(socket: Socket): Promise<TableView> {
  for (;;) {
    const message = await socket.next();
    if (message.type === 'view') return message.view!;
  }
}

describe('R7.12: a sure claim through the public API', () => {
  it('R7.12, R9: a sure claim ends the game at once, every seat is pushed the ended game, settled as played out, claimedBy its seat', async () => {
    const table = await ending('all');
    const sockets = await Promise.all(table.seats.map((seat) => connect(table.tableId, seat.token)));
    for (const socket of sockets) await socket.next(); // the view on connecting
    const answer = await act(table.tableId, table.seats[1]!.token, { type: 'claim', version: SCRIPT.length });
    expect(answer).toMatchObject({ version: SCRIPT.length + 1, phase: 'finished', seriesOver: true, mayClaim: false });
    expect(answer.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false, claimedBy: 1 });
    expect(answer.settlement).toEqual({ payments: [-10, 20, -10], pot: 0 });
    expect(answer.seats.map((s) => s.balance)).toEqual([-10, 20, -10]);
    for (const [seat, socket] of sockets.entries()) {
      const frame = await socket.next();
      expect(frame.view, `seat ${seat}'s push`).toMatchObject({ seat, version: SCRIPT.length + 1, phase: 'finished', seriesOver: true });
      expect(frame.view!.moves.at(-1)).toEqual({ seat: 1, type: 'claim' });
      expect(frame.view!.result).toMatchObject({ claimedBy: 1 });
      socket.close();
    }
    const [record] = await games(table.tableId, table.seats[0]!.token);
    expect(record!.actions.at(-1)).toEqual({ seat: 1, action: { type: 'claim' } });
    expect(record!.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false, claimedBy: 1 });
    expect(record!.settlement).toEqual({ payments: [-10, 20, -10], pot: 0 });
  });

  it('R7.12, R7.10: judged from every card the seat saw played: with trickHistory "last" the first trick no longer shows, and the claim is accepted all the same', async () => {
    const table = await ending('last');
    const before = await view(table.tableId, table.seats[1]!.token);
    expect(JSON.stringify(before), 'the first trick (HU H8 E9) is not shown any more').not.toContain('"H8"');
    expect(before.mayClaim).toBe(true);
    const answer = await act(table.tableId, table.seats[1]!.token, { type: 'claim', version: SCRIPT.length });
    expect(answer).toMatchObject({ version: SCRIPT.length + 1, phase: 'finished' });
    expect(answer.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false, claimedBy: 1 });
  });

  it('R7.12: option claims off is refused with its rule, nothing recorded; mayClaim is false', async () => {
    const table = await createTable({
      options: { doubling: false, kontra: false, claims: false, games: 1 },
      deals: [{ hands: HANDS.map(codes), stock: ['S8', 'S7'] }],
    });
    await playActions(table, SCRIPT, 0);
    expect((await view(table.tableId, table.seats[1]!.token)).mayClaim).toBe(false);
    const res = await postAction(table.tableId, table.seats[1]!.token, { type: 'claim' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('R7.12: claims are off at this table');
    expect((await view(table.tableId, table.seats[1]!.token)).version).toBe(SCRIPT.length);
  });
});

describe('R7.12: a claim not sure from all its seat has seen is refused, recorded, and shown to every seat', () => {
  it('answers 422 with the refusal, the version goes up by one, every view shows the refused claim; once per trick (mayClaim); a retried id gets the same 422, after an eviction too; the record holds it', async () => {
    const table = await refusedAt();
    const others = await Promise.all([connect(table.tableId, table.seats[0]!.token), connect(table.tableId, table.spectator.token)]);
    for (const socket of others) await socket.next(); // the view on connecting
    expect((await view(table.tableId, table.seats[1]!.token)).mayClaim).toBe(true);

    const refused = await send(table, 1, { type: 'claim', id: 'claim-9', version: NINTH });
    expect(refused.status, refused.body).toBe(422);
    expect(JSON.parse(refused.body)).toEqual(refusalBody(NOT_SURE));
    const after = await allViews(table);
    for (const [i, v] of after.entries()) {
      const who = i < 3 ? `seat ${i}` : 'the spectator';
      expect(v.version, who).toBe(NINTH + 1);
      expect(v.phase, who).toBe('play');
      expect(v.moves.at(-1), who).toEqual({ seat: 1, type: 'claim', refused: true });
      expect(v.history.at(-1), who).toEqual({ seat: 1, type: 'claim', refused: true });
      expect(v.turn, `${who}: still seat 1's lead`).toBe(1);
    }
    expect(after.map((v) => v.mayClaim)).toEqual([true, false, true, false]);
    // Another seat's socket and the spectator's are pushed the new view.
    for (const socket of others) {
      const pushed = await nextView(socket);
      expect(pushed).toMatchObject({ version: NINTH + 1 });
      expect(pushed.moves.at(-1)).toEqual({ seat: 1, type: 'claim', refused: true });
    }

    // The same id again: the same answer, nothing applied twice.
    expect(await send(table, 1, { type: 'claim', id: 'claim-9', version: NINTH })).toEqual(refused);
    await evictDurableObject(tableStub(table.tableId));
    expect(await send(table, 1, { type: 'claim', id: 'claim-9', version: NINTH }), 'after an eviction, replayed from the log').toEqual(refused);
    expect((await view(table.tableId, table.seats[1]!.token)).version).toBe(NINTH + 1);

    // A second claim in the same trick: refused without being recorded.
    const again = await send(table, 1, { type: 'claim', id: 'claim-9b' });
    expect(again.status, again.body).toBe(422);
    expect(JSON.parse(again.body)).toEqual(refusalBody(AGAIN));
    expect((await view(table.tableId, table.seats[1]!.token)).version).toBe(NINTH + 1);

    // Still in the trick once its first card lies; from the next trick on seat 1 may claim again.
    // The card carries the version from before the refused claim: only refused claims followed it, so it is not stale.
    let answer = await act(table.tableId, table.seats[1]!.token, { type: 'play', card: 'HA', version: NINTH });
    expect(answer.mayClaim).toBe(false);
    expect((await send(table, 1, { type: 'claim' })).body).toBe(again.body);
    await act(table.tableId, table.seats[2]!.token, { type: 'play', card: 'GO', version: NINTH + 2 });
    await act(table.tableId, table.seats[0]!.token, { type: 'play', card: 'H7', version: NINTH + 3 });
    answer = await view(table.tableId, table.seats[1]!.token);
    expect(answer).toMatchObject({ turn: 1, mayClaim: true });

    // EA is sure now (no trump is left): the game ends with that claim.
    answer = await act(table.tableId, table.seats[1]!.token, { type: 'claim', version: NINTH + 4 });
    expect(answer).toMatchObject({ version: NINTH + 5, phase: 'finished', mayClaim: false });
    expect(answer.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false, claimedBy: 1 });
    expect(answer.settlement).toEqual({ payments: [-10, 20, -10], pot: 0 });
    expect(answer.moves.filter((m) => m.type === 'claim')).toEqual([
      { seat: 1, type: 'claim', refused: true },
      { seat: 1, type: 'claim' },
    ]);
    const [record] = await games(table.tableId, table.spectator.token);
    expect(record!.actions[NINTH]).toEqual({ seat: 1, action: { type: 'claim' }, refused: true });
    expect(record!.actions.at(-1)).toEqual({ seat: 1, action: { type: 'claim' } });
    expect(record!.actions.filter((a) => a.refused === true)).toHaveLength(1);
    expect(record!.result).toMatchObject({ claimedBy: 1 });
    // The finished game's refused claim is still answered the same to a retry.
    expect(await send(table, 1, { type: 'claim', id: 'claim-9', version: NINTH })).toEqual(refused);
    for (const socket of others) socket.close();
  });

  it('over the socket: the refusal is the answer, and the sender is pushed its new view like every other socket; a retry of its id is answered the same', async () => {
    const table = await refusedAt();
    const claimer = await connect(table.tableId, table.seats[1]!.token);
    await claimer.next(); // the view on connecting
    claimer.ws.send(JSON.stringify({ type: 'action', action: { type: 'claim', id: 'by-socket', version: NINTH } }));
    const pushed = await claimer.next();
    expect(pushed.type).toBe('view');
    expect(pushed.view).toMatchObject({ version: NINTH + 1, mayClaim: false });
    expect(pushed.view!.moves.at(-1)).toEqual({ seat: 1, type: 'claim', refused: true });
    const answer = { type: 'answer', id: 'by-socket', status: 422, error: { code: 'illegal_action', message: NOT_SURE } };
    expect(await claimer.next()).toEqual(answer);
    claimer.ws.send(JSON.stringify({ type: 'action', action: { type: 'claim', id: 'by-socket', version: NINTH } }));
    expect(await claimer.next()).toEqual(answer);
    // The same id by POST: ids are the seat's, whichever way they came.
    expect(await send(table, 1, { type: 'claim', id: 'by-socket', version: NINTH })).toEqual({
      status: 422,
      body: JSON.stringify(refusalBody(NOT_SURE)),
    });
    expect((await view(table.tableId, table.seats[1]!.token)).version).toBe(NINTH + 1);
    claimer.close();
  });

  it('R10.2: the refusal and the claimer’s views after it are the same in a world that differs only in cards it has not seen, though there the claim would have held', async () => {
    const answers: { status: number; body: string }[] = [];
    const views: unknown[][] = [];
    for (const hands of [REFUSED_HANDS, SWAPPED_HANDS]) {
      const table = await refusedAt(hands, 'all');
      answers.push(await send(table, 1, { type: 'claim', version: NINTH }));
      const after = untabled(await view(table.tableId, table.seats[1]!.token));
      const again = await send(table, 1, { type: 'claim' });
      answers.push(again);
      // HA: seat 2 has no trump to follow with, seat 0 its last one.
      const played = untabled(await act(table.tableId, table.seats[1]!.token, { type: 'play', card: 'HA', version: NINTH + 1 }));
      views.push([after, played]);
    }
    expect(answers[0]!.status).toBe(422);
    expect(JSON.parse(answers[0]!.body)).toEqual(refusalBody(NOT_SURE));
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[3]).toEqual(answers[1]);
    expect(views[1]).toEqual(views[0]);
  });

  it('the answers and views of a refused claim, and the record holding it, are as the OpenAPI document says', async () => {
    const res = await request('/api/openapi.json');
    expect(res.status).toBe(200);
    const check = new ContractCheck(await res.json());
    const table = await refusedAt();
    const exchanges: Exchange[] = [];
    const call = async (seat: Seat | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<void> => {
      const token = seat === null ? table.spectator.token : table.seats[seat]!.token;
      const answer = await request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'cf-connecting-ip': clientIpOf(token),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      exchanges.push({
        method,
        path,
        requestType: body === undefined ? null : 'application/json',
        requestBody: body === undefined ? null : JSON.stringify(body),
        status: answer.status,
        headers: answer.headers,
        body: await answer.text(),
      });
    };
    const actions = `/api/tables/${table.tableId}/actions`;
    await call(1, 'POST', actions, { type: 'claim' });
    await call(1, 'POST', actions, { type: 'claim' });
    for (const seat of [0, 1, null] as const) await call(seat, 'GET', `/api/tables/${table.tableId}`);
    await playActions(table, [play(1, 'HA'), play(2, 'GO'), play(0, 'H7')], NINTH + 1);
    await call(1, 'POST', actions, { type: 'claim' });
    await call(null, 'GET', `/api/tables/${table.tableId}/games`);
    expect(exchanges.map((e) => e.status)).toEqual([422, 422, 200, 200, 200, 200, 200]);
    expect(exchanges.flatMap((e) => [...check.problems(e), ...check.looseness(e)])).toEqual([]);
  });
});
