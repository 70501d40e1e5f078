/**
 * What a table's storage costs, counted by the runtime itself (issue 39,
 * worker/storage/row-meter.ts: each statement's rowsRead and rowsWritten, each setAlarm a row
 * written): whole series played by POST with client ids and over the sockets write at most 1.2
 * rows per action, everything after the table was made included (the history written, the
 * alarm); the meter answers the operator (GET /api/ops/tables/{id}/storage) what it counted.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/bots.js';
import {
  connect,
  createTable,
  deliveriesDone,
  games as gamesOf,
  HAND_MADE,
  meterOf,
  postAction,
  tableStub,
  view,
  type CreatedTable,
  type Socket,
} from './support.js';

/** A seeded choice (the bots' own generator): the same choices on every run (the deals are the table's own). */
function chooser(seed: number): <T>(items: readonly T[]) => T {
  const rng = seededRng(seed);
  return (items) => items[rng(items.length)]!;
}

/** The deals of three hand-made games, dealt in turn. */
const DEALS = [...HAND_MADE.values()].slice(0, 3).map((record) => record.deal);

type Move = { seat: number; action: Record<string, unknown> };

/** The seat that may act and one of its legal actions, from the seats' views (a discard: two cards of its hand). */
async function nextMove(table: CreatedTable, pick: <T>(items: readonly T[]) => T): Promise<Move | null> {
  for (let seat = 0; seat < 3; seat++) {
    const v = await view(table.tableId, table.seats[seat]!.token);
    if (v.legalActions.length === 0) continue;
    const action = pick(v.legalActions) as Record<string, unknown>;
    if (action.type !== 'discard') return { seat, action };
    const hand = [...v.hand!];
    const first = hand.splice(hand.indexOf(pick(hand)), 1)[0]!;
    return { seat, action: { type: 'discard', cards: [first, pick(hand)] } };
  }
  return null;
}

/** Plays the table's series to its end, each move sent by `send`; answers how many actions. */
async function playSeries(table: CreatedTable, send: (move: Move) => Promise<void>, seed: number): Promise<number> {
  const pick = chooser(seed);
  let actions = 0;
  for (let move = await nextMove(table, pick); move !== null; move = await nextMove(table, pick)) {
    await send(move);
    actions++;
  }
  return actions;
}

const byPost =
  (table: CreatedTable) =>
  async ({ seat, action }: Move) => {
    const res = await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: crypto.randomUUID() });
    expect(res.status, await res.clone().text()).toBe(200);
  };

/** Each move over its seat's socket, as the web app sends it; the pushes to the others are read as they come. */
function overSockets(sockets: readonly Socket[]) {
  return async ({ seat, action }: Move) => {
    const id = crypto.randomUUID();
    sockets[seat]!.ws.send(JSON.stringify({ type: 'action', action: { ...action, id } }));
    for (;;) {
      const message = await sockets[seat]!.next();
      if (message.type === 'answer') {
        expect(message.id).toBe(id);
        expect(message.error, JSON.stringify(message.error)).toBeUndefined();
        break;
      }
    }
  };
}

describe('rows written per action (steady play, counted by the runtime)', () => {
  for (const [how, seed] of [
    ['by POST with client ids', 7],
    ['over the sockets', 11],
  ] as const) {
    it(`a series of three games ${how}: at most 1.2 rows written per action, the history and the alarm included`, { timeout: 120_000 }, async () => {
      // Three fixed deals and seeded choices: the same games on every run (a series of short games ends more games per action).
      const table = await createTable({ options: { games: 3 }, deals: DEALS });
      await deliveriesDone(table);
      const made = await meterOf(table);
      let sockets: Socket[] = [];
      if (how === 'over the sockets') sockets = await Promise.all(table.seats.map((s) => connect(table.tableId, s.token)));
      const actions = await playSeries(table, how === 'over the sockets' ? overSockets(sockets) : byPost(table), seed);
      for (const socket of sockets) socket.close();
      await deliveriesDone(table); // the games' history rows written to D1 and taken out of the outbox
      const played = await meterOf(table);
      const written = played.rowsWritten - made.rowsWritten;
      expect((await view(table.tableId, table.seats[0]!.token)).seriesOver).toBe(true);
      const games = (await gamesOf(table.tableId, table.seats[0]!.token)).length;
      await evictDurableObject(tableStub(table.tableId));
      await view(table.tableId, table.seats[0]!.token);
      const woken = await meterOf(table);
      // The figures `npm run bench:rows` reports (scripts/bench/rows-bench.ts).
      console.info(
        JSON.stringify({
          figure: 'tableRows',
          how: how === 'over the sockets' ? 'socket' : 'post',
          actions,
          games,
          rowsWrittenAfterCreation: written,
          rowsWrittenByCreation: made.rowsWritten,
          rowsReadPerWake: woken.rowsRead,
        }),
      );
      expect(written / actions).toBeLessThanOrEqual(1.2);
      // Every action's own commit writes its log row; those that end a game also deal the next (or end the series).
      const kinds = played.byKind.filter((k) => k.kind.startsWith('action:'));
      expect(kinds.reduce((n, k) => n + k.count, 0)).toBe(actions);
      for (const kind of kinds.filter((k) => k.kind !== 'action:play' && k.kind !== 'action:pass'))
        expect(kind.rowsWritten, kind.kind).toBe(kind.count);
    });
  }

  it('the meter counts what the runtime counts: a woken table starts from nothing and reads its storage once', async () => {
    const table = await createTable();
    await postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false });
    const before = await meterOf(table);
    expect(before.byKind.find((k) => k.kind === 'action:double')).toMatchObject({ count: 1, rowsWritten: 1 });
    await evictDurableObject(tableStub(table.tableId));
    await view(table.tableId, table.seats[0]!.token);
    const woken = await meterOf(table);
    expect(woken.since > before.since).toBe(true);
    expect(woken.byKind.map((k) => k.kind)).toEqual(['wake']);
    expect(woken.rowsWritten).toBe(0);
    expect(woken.rowsRead).toBe(woken.byKind[0]!.rowsRead);
    expect(woken.rowsRead).toBeGreaterThan(0);
    expect(woken.databaseBytes).toBeGreaterThan(0);
  });
});
