/**
 * R7.12 claims through the public API: a fixed deal (TEST_DEALS=on) played to an ending
 * where the declarer holds the only trumps left. With trickHistory "all" its claim is
 * accepted: the game ends at once, every seat's socket is pushed the ended game, and the
 * settlement is the played-out one. With "last" the declarer cannot see that the first
 * trick's H8 is gone: refused as any action is (422 illegal_action, R7.12), the version
 * unchanged; and the refusal is the same byte for byte in a world that differs only in
 * cards the declarer cannot see.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { CardCode } from '../../shared/cards.js';
import type { Seat } from '../../shared/options.js';
import { act, connect, createTable, games, playActions, postAction, view, type CreatedTable } from './support.js';

const HANDS: [string, string, string] = ['E9 E8 E7 G9 G8 G7 SO SU S10 S9', 'HA HK HO HU H10 H9 H7 EA GA SA', 'H8 EK EO EU E10 GK GO GU G10 SK'];
/** The same but for two cards seat 1 (the declarer) never sees: seat 0's SO and seat 2's GO change hands. */
const OTHER_HANDS: [string, string, string] = ['E9 E8 E7 G9 G8 G7 GO SU S10 S9', 'HA HK HO HU H10 H9 H7 EA GA SA', 'H8 EK EO EU E10 GK SO GU G10 SK'];
const codes = (text: string) => text.split(' ') as CardCode[];

const play = (seat: Seat, card: string) => ({ seat, action: { type: 'play', card: card as CardCode } as Action });
/** Seat 1 declares 6 and leads HU (hearts trump); six tricks on, it holds HA HK HO H7 and every other heart is gone. */
const SCRIPT: { seat: Seat; action: Action }[] = [
  { seat: 1, action: { type: 'bid', bid: '6' } },
  { seat: 2, action: { type: 'pass' } },
  { seat: 0, action: { type: 'pass' } },
  { seat: 1, action: { type: 'discard', cards: ['S8', 'S7'] } },
  { seat: 1, action: { type: 'declare', contract: '6' } },
  ...[
    [1, 'HU', 2, 'H8', 0, 'E9'],
    [1, 'H10', 2, 'EK', 0, 'E8'],
    [1, 'H9', 2, 'EO', 0, 'E7'],
    [1, 'EA', 2, 'EU', 0, 'G9'],
    [1, 'GA', 2, 'GK', 0, 'G8'],
    [1, 'SA', 2, 'SK', 0, 'S9'],
  ].flatMap(([a, x, b, y, c, z]) => [play(a as Seat, x as string), play(b as Seat, y as string), play(c as Seat, z as string)]),
];

async function ending(trickHistory: 'all' | 'last', hands = HANDS): Promise<CreatedTable> {
  const table = await createTable({
    options: { doubling: false, kontra: false, trickHistory, games: 1, firstDealer: 0 },
    deals: [{ hands: hands.map(codes), stock: ['S8', 'S7'] }],
  });
  await playActions(table, SCRIPT, 0);
  return table;
}

describe('R7.12: claims through the public API', () => {
  it('R7.12, R9: a sure claim ends the game at once, every seat is pushed the ended game, settled as played out', async () => {
    const table = await ending('all');
    const sockets = await Promise.all(table.seats.map((seat) => connect(table.tableId, seat.token)));
    for (const socket of sockets) await socket.next(); // the view on connecting
    const answer = await act(table.tableId, table.seats[1]!.token, { type: 'claim', version: SCRIPT.length });
    expect(answer).toMatchObject({ version: SCRIPT.length + 1, phase: 'finished', seriesOver: true });
    expect(answer.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false });
    expect(answer.settlement).toEqual({ payments: [-10, 20, -10], pot: 0 });
    expect(answer.seats.map((s) => s.balance)).toEqual([-10, 20, -10]);
    for (const [seat, socket] of sockets.entries()) {
      const frame = await socket.next();
      expect(frame.view, `seat ${seat}'s push`).toMatchObject({ seat, version: SCRIPT.length + 1, phase: 'finished', seriesOver: true });
      expect(frame.view!.moves.at(-1)).toEqual({ seat: 1, type: 'claim' });
      socket.close();
    }
    const [record] = await games(table.tableId, table.seats[0]!.token);
    expect(record!.actions.at(-1)).toEqual({ seat: 1, action: { type: 'claim' } });
    expect(record!.settlement).toEqual({ payments: [-10, 20, -10], pot: 0 });
  });

  it('R7.12, R10.2: a claim not sure from the seat’s view is refused (422, R7.12) and changes nothing; the refusal is the same in a world differing only in cards it cannot see', async () => {
    const refusals: string[] = [];
    for (const hands of [HANDS, OTHER_HANDS]) {
      const table = await ending('last', hands);
      const before = await view(table.tableId, table.seats[1]!.token);
      const res = await postAction(table.tableId, table.seats[1]!.token, { type: 'claim' });
      const body = await res.text();
      expect(res.status).toBe(422);
      expect(JSON.parse(body)).toMatchObject({ error: { code: 'illegal_action' } });
      expect(JSON.parse(body).error.message).toMatch(/^R7\.12: /);
      refusals.push(body);
      expect(await view(table.tableId, table.seats[1]!.token)).toEqual(before);
      // The socket path refuses it the same way.
      const socket = await connect(table.tableId, table.seats[1]!.token);
      await socket.next();
      socket.ws.send(JSON.stringify({ type: 'action', action: { type: 'claim', id: 'claim-by-socket' } }));
      const frame = await socket.next();
      expect(frame).toEqual({
        type: 'answer',
        id: 'claim-by-socket',
        status: 422,
        error: { code: 'illegal_action', message: JSON.parse(body).error.message },
      });
      socket.close();
      expect((await view(table.tableId, table.seats[1]!.token)).version).toBe(before.version);
    }
    expect(refusals[1]).toBe(refusals[0]);
  });

  it('R7.12: option claims off is refused with its rule', async () => {
    const table = await createTable({
      options: { doubling: false, kontra: false, claims: false, games: 1 },
      deals: [{ hands: HANDS.map(codes), stock: ['S8', 'S7'] }],
    });
    await playActions(table, SCRIPT, 0);
    const res = await postAction(table.tableId, table.seats[1]!.token, { type: 'claim' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('R7.12: claims are off at this table');
  });
});
