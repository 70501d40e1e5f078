/**
 * GET /api/tables/{id}/ws: the caller's view now and after every accepted action, for
 * each connected seat its own (RULES R10.2), over hibernatable WebSockets.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { cardCodesIn } from '../../shared/view.js';
import { digestOf } from '../../worker/table/sockets/sockets.js';
import {
  act,
  connect,
  createTable,
  expectOnlyCards,
  handMade,
  knowable,
  playActions,
  postAction,
  tableFor,
  tableStub,
  view,
  type Socket,
} from './support.js';

/** A game with doubles, a stock pickup, discards, kontra and re. */
const GAME = handMade('02-raised-contract-kontra-re');

interface Watcher {
  readonly seat: Seat | null;
  readonly token: string;
  readonly socket: Socket;
}

async function watchers(via: ('header' | 'protocol')[] = ['header', 'protocol', 'header', 'header']) {
  const table = await createTable(tableFor(GAME));
  const who: { seat: Seat | null; token: string }[] = [
    ...table.seats.map((s) => ({ seat: s.seat, token: s.token })),
    { seat: null, token: table.spectator.token },
  ];
  const list: Watcher[] = await Promise.all(who.map(async (w, i) => ({ ...w, socket: await connect(table.tableId, w.token, via[i]) })));
  return { table, list };
}

describe('WebSocket', () => {
  it("sends the current view first, then every seat its own view after each accepted action, never another seat's cards", async () => {
    const { table, list } = await watchers();
    // Two sockets for seat 0: both are told.
    const second = await connect(table.tableId, table.seats[0]!.token, 'protocol');
    const all = [...list, { seat: 0 as Seat, token: table.seats[0]!.token, socket: second }];

    for (const w of all) {
      const first = await w.socket.next();
      expect(first.type).toBe('view');
      expect(first.view).toEqual(await view(table.tableId, w.token));
      expect(first.view!.seat).toBe(w.seat);
    }

    for (const [index, { seat, action }] of GAME.actions.entries()) {
      await act(table.tableId, table.seats[seat]!.token, { ...action, version: index });
      for (const w of all) {
        const message = await w.socket.next();
        expect(message.type).toBe('view');
        const pushed = message.view!;
        expect(pushed.version, `push after action ${index + 1}`).toBe(index + 1);
        expect(pushed.seat).toBe(w.seat);
        expect(pushed).toEqual(await view(table.tableId, w.token));
        const cards = cardCodesIn(pushed);
        expectOnlyCards(
          cards,
          knowable(GAME, w.seat, index + 1),
          `the view pushed to ${w.seat === null ? 'the spectator' : `seat ${w.seat}`} after action ${index + 1}`,
        );
        if (w.seat !== null && pushed.phase !== 'finished') expect(pushed.hand!.every((card) => cards.has(card))).toBe(true);
        if (w.seat === null) expect(pushed.hand).toBeNull();
      }
    }
    for (const w of all) expect(w.socket.pending()).toBe(0);
    for (const w of all) w.socket.close();
  });

  it('pushes nothing for a refused action', async () => {
    const { table, list } = await watchers();
    for (const w of list) await w.socket.next();
    // Seat 0 plays a card in the doubling window: refused, so nobody is sent a view.
    const refused = await postAction(table.tableId, table.seats[0]!.token, { type: 'play', card: GAME.deal.hands[0][0] });
    expect(refused.status).toBe(422);
    for (const w of list) {
      w.socket.ws.send(JSON.stringify({ type: 'ping' }));
      expect(await w.socket.next()).toEqual({ type: 'pong' }); // messages arrive in order: no view came first
      w.socket.close();
    }
  });

  it('answers the browser\'s subprotocols with "wallachen", and the header way with none', async () => {
    const table = await createTable(tableFor(GAME));
    const browser = await connect(table.tableId, table.seats[1]!.token, 'protocol');
    expect(browser.response.headers.get('sec-websocket-protocol')).toBe('wallachen');
    expect([...browser.response.headers.values()].join(' ')).not.toContain(table.seats[1]!.token);
    expect((await browser.next()).view!.seat).toBe(1);
    const bot = await connect(table.tableId, table.seats[2]!.token, 'header');
    expect(bot.response.headers.get('sec-websocket-protocol')).toBeNull();
    expect((await bot.next()).view!.seat).toBe(2);
    const spectator = await connect(table.tableId, table.spectator.token, 'protocol');
    expect((await spectator.next()).view).toMatchObject({ seat: null, hand: null, legalActions: [] });
    for (const s of [browser, bot, spectator]) s.close();
  });

  it('answers ping with pong and {"type": "view"} with the view; anything else with an error, and stays open', async () => {
    const table = await createTable(tableFor(GAME));
    const socket = await connect(table.tableId, table.seats[0]!.token);
    await socket.next();
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.ws.send(JSON.stringify({ type: 'view' }));
    expect((await socket.next()).view).toEqual(await view(table.tableId, table.seats[0]!.token));
    for (const junk of ['not json', '{"type": "play", "card": "EA"}', '[]', 'null']) {
      socket.ws.send(junk);
      const answer = await socket.next();
      expect(answer).toMatchObject({ type: 'error', error: { code: 'bad_request', message: expect.any(String) } });
    }
    socket.ws.send(new TextEncoder().encode('{"type":"ping"}'));
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.close();
  });

  it('the web app\'s heartbeat ({"type":"ping"} as JSON.stringify writes it) is answered by the runtime, without waking the table', async () => {
    const table = await createTable(tableFor(GAME));
    const socket = await connect(table.tableId, table.seats[0]!.token, 'protocol');
    await socket.next();
    const answeredAt = () =>
      runInDurableObject(tableStub(table.tableId), (_instance, state) =>
        state.getWebSockets().map((ws) => state.getWebSocketAutoResponseTimestamp(ws)),
      );
    expect(await answeredAt()).toEqual([null]);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next()).toEqual({ type: 'pong' });
    const [at] = await answeredAt();
    expect(at).toBeInstanceOf(Date);
    socket.close();
  });

  it('a reconnect gets the current view', async () => {
    const table = await createTable(tableFor(GAME));
    const first = await connect(table.tableId, table.seats[0]!.token);
    expect((await first.next()).view!.version).toBe(0);
    first.close();
    await playActions(table, GAME.actions.slice(0, 5), 0);
    const again = await connect(table.tableId, table.seats[0]!.token);
    const current = await again.next();
    expect(current.view).toEqual(await view(table.tableId, table.seats[0]!.token));
    expect(current.view!.version).toBe(5);
    again.close();
  });

  it('pushes still arrive, each to its own seat, after the table was evicted with its sockets hibernating', async () => {
    const { table, list } = await watchers();
    for (const w of list) await w.socket.next();
    await playActions(table, GAME.actions.slice(0, 3), 0);
    for (const w of list) for (let i = 0; i < 3; i++) await w.socket.next();

    await evictDurableObject(tableStub(table.tableId));
    const { seat, action } = GAME.actions[3]!;
    await act(table.tableId, table.seats[seat]!.token, { ...action, version: 3 });
    for (const w of list) {
      const pushed = (await w.socket.next()).view!;
      expect(pushed.version).toBe(4);
      expect(pushed.seat).toBe(w.seat);
      expect(pushed).toEqual(await view(table.tableId, w.token));
      expectOnlyCards(cardCodesIn(pushed), knowable(GAME, w.seat, 4), `seat ${w.seat} after the eviction`);
      w.socket.ws.send(JSON.stringify({ type: 'ping' }));
      expect(await w.socket.next()).toEqual({ type: 'pong' });
      w.socket.close();
    }
  });
});

describe("a view frame's digest (sockets.ts digestOf: whether a socket's own view changed)", () => {
  it('is the same for the same text, and differs for every view of a game and for any one character changed', async () => {
    const table = await createTable(tableFor(GAME));
    const frames: string[] = [];
    const record = async (seat: Seat) => frames.push(JSON.stringify({ type: 'view', view: await view(table.tableId, table.seats[seat]!.token) }));
    for (const seat of [0, 1, 2] as const) await record(seat);
    for (const { seat, action } of GAME.actions.slice(0, 12)) {
      await act(table.tableId, table.seats[seat]!.token, action);
      for (const s of [0, 1, 2] as const) await record(s);
    }
    const distinct = [...new Set(frames)];
    expect(new Set(distinct.map(digestOf)).size).toBe(distinct.length);
    for (const frame of distinct) expect(digestOf(frame)).toMatch(/^[0-9a-f]{16}$/);

    // Every single character of a frame changed to its neighbour, and two neighbours swapped.
    const frame = distinct.at(-1)!;
    const seen = new Set([digestOf(frame)]);
    for (let i = 0; i < frame.length; i++) {
      seen.add(digestOf(frame.slice(0, i) + String.fromCharCode(frame.charCodeAt(i) ^ 1) + frame.slice(i + 1)));
      if (i > 0 && frame[i] !== frame[i - 1]) seen.add(digestOf(frame.slice(0, i - 1) + frame[i]! + frame[i - 1]! + frame.slice(i + 1)));
    }
    const swaps = [...frame].filter((c, i) => i > 0 && c !== frame[i - 1]).length;
    expect(seen.size).toBe(1 + frame.length + swaps);
    expect(digestOf(frame)).toBe(digestOf(frame.slice()));
  });
});
