/**
 * Actions sent over the table's WebSocket ({"type": "action", "action": <POST body>}):
 * the same checks, statuses and codes as POST …/actions, answered on the socket by
 * {"type": "answer", "id", "status", "view" | "error"}; the other sockets are pushed
 * their own views (RULES R10.2), the sender gets its view in the answer only.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { cardCodesIn } from '../../shared/view.js';
import {
  connect,
  createTable,
  expectError,
  expectOnlyCards,
  handMade,
  knowable,
  postAction,
  tableFor,
  tableStub,
  view,
  type Socket,
  type TableView,
} from './support.js';

const GAME = handMade('02-raised-contract-kontra-re');

interface Answer {
  type: 'answer';
  id: string;
  status: number;
  view?: TableView;
  error?: { code: string; message: string };
}

/**
 * Sends `action` over `socket` and reads the next message, which must be its answer; with
 * `pushesFirst`, views pushed meanwhile (another client's move) are read past.
 */
async function sendOver(socket: Socket, action: Record<string, unknown>, pushesFirst = false): Promise<Answer> {
  socket.ws.send(JSON.stringify({ type: 'action', action }));
  let answer = (await socket.next()) as unknown as Answer;
  while (pushesFirst && (answer as { type: string }).type === 'view') answer = (await socket.next()) as unknown as Answer;
  expect(answer.type, JSON.stringify(answer)).toBe('answer');
  expect(answer.id).toBe(action.id);
  return answer;
}

/** A refusal answer: its status, code and a message; returns the message. */
function expectRefusal(answer: Answer, status: number, code: string): string {
  expect(answer.status, JSON.stringify(answer)).toBe(status);
  expect(Object.keys(answer).sort()).toEqual(['error', 'id', 'status', 'type']);
  expect(answer.error!.code).toBe(code);
  expect(answer.error!.message.length).toBeGreaterThan(0);
  return answer.error!.message;
}

/** Nothing else came: a ping is answered by the very next message. */
async function expectNothingPending(socket: Socket): Promise<void> {
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  expect(await socket.next()).toEqual({ type: 'pong' });
}

async function seated() {
  const table = await createTable(tableFor(GAME));
  const seats = await Promise.all(table.seats.map((s, i) => connect(table.tableId, s.token, i === 1 ? 'protocol' : 'header')));
  const spectator = await connect(table.tableId, table.spectator.token, 'protocol');
  for (const socket of [...seats, spectator]) await socket.next(); // the current view
  return { table, seats, spectator, all: [...seats, spectator] };
}

describe('actions over the WebSocket', () => {
  it("plays a whole game: each answer is the sender's view, every other socket is pushed its own, nobody sees a card it may not", async () => {
    const { table, seats, spectator } = await seated();
    for (const [index, { seat, action }] of GAME.actions.entries()) {
      const id = `move-${index}`;
      const answer = await sendOver(seats[seat]!, { ...action, id, version: index });
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      expect(answer.view!.version).toBe(index + 1);
      expect(answer.view).toEqual(await view(table.tableId, table.seats[seat]!.token));
      expectOnlyCards(cardCodesIn(answer.view!), knowable(GAME, seat, index + 1), `the answer to seat ${seat} after action ${index + 1}`);
      const others: [Seat | null, Socket][] = [
        ...([0, 1, 2] as Seat[]).filter((s) => s !== seat).map((s) => [s, seats[s]!] as [Seat, Socket]),
        [null, spectator],
      ];
      for (const [who, socket] of others) {
        const pushed = (await socket.next()).view!;
        expect(pushed.version).toBe(index + 1);
        expect(pushed).toEqual(await view(table.tableId, who === null ? table.spectator.token : table.seats[who]!.token));
        expectOnlyCards(
          cardCodesIn(pushed),
          knowable(GAME, who, index + 1),
          `the push to ${who === null ? 'the spectator' : `seat ${who}`} after action ${index + 1}`,
        );
      }
    }
    const last = await view(table.tableId, table.seats[0]!.token);
    expect(last.seriesOver).toBe(true);
    expect(last.version).toBe(GAME.actions.length);
    for (const socket of [...seats, spectator]) {
      await expectNothingPending(socket); // the sender had no push besides its answers
      socket.close();
    }
  });

  it('refuses as POST does, with the same statuses and codes, and pushes nothing', async () => {
    const { table, seats, spectator, all } = await seated();
    const double = GAME.actions[0]!;
    const sender = seats[double.seat]!;
    const otherSeat = ((double.seat + 1) % 3) as Seat;
    const other = seats[otherSeat]!;

    const stale = expectRefusal(await sendOver(sender, { ...double.action, id: 'a', version: 7 }), 409, 'stale_version');
    expect(stale).toContain('version 0');
    // A card in the doubling window: the rules refuse it and say which rule.
    expectRefusal(await sendOver(other, { type: 'play', card: GAME.deal.hands[otherSeat][0], id: 'b' }), 422, 'illegal_action');
    expectRefusal(await sendOver(spectator, { ...double.action, id: 'c' }), 403, 'forbidden');
    const bad = expectRefusal(await sendOver(sender, { type: 'play', card: 'XX', id: 'd' }), 400, 'bad_request');
    expect(bad).toContain('action.card');
    expectRefusal(await sendOver(sender, { type: 'fold', id: 'e' }), 400, 'bad_request');

    // Without an id there is nothing to answer to: an error message says why.
    sender.ws.send(JSON.stringify({ type: 'action', action: double.action }));
    expect(await sender.next()).toMatchObject({ type: 'error', error: { code: 'bad_request', message: expect.stringContaining('"id"') } });
    sender.ws.send(JSON.stringify({ type: 'action', action: { ...double.action, id: 'x'.repeat(70_000) } }));
    expect(await sender.next()).toMatchObject({ type: 'error', error: { code: 'payload_too_large' } });

    for (const socket of all) await expectNothingPending(socket);
    expect((await view(table.tableId, table.seats[0]!.token)).version).toBe(0);
    for (const socket of all) socket.close();
  });

  it('applies an id once, over the socket and over POST alike, and answers a replay as the first time', async () => {
    const { table, seats, all } = await seated();
    const { seat, action } = GAME.actions[0]!;
    const first = await sendOver(seats[seat]!, { ...action, id: 'once', version: 0 });
    expect(first.status).toBe(200);
    for (const socket of all) if (socket !== seats[seat]) expect((await socket.next()).view!.version).toBe(1);

    const again = await sendOver(seats[seat]!, { ...action, id: 'once', version: 0 });
    expect(again).toEqual(first);
    const posted = await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: 'once', version: 0 });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual(first.view);
    expect((await view(table.tableId, table.seats[seat]!.token)).version).toBe(1);
    for (const socket of all) await expectNothingPending(socket);
    for (const socket of all) socket.close();
  });

  it('refuses an id used before for another action with 409 id_reused, over the socket and over POST alike: nothing applied, nothing pushed', async () => {
    const { table, seats, all } = await seated();
    const { seat, action } = GAME.actions[0]!;
    expect(action).toEqual({ type: 'double', double: false });
    const first = await sendOver(seats[seat]!, { ...action, id: 'mine', version: 0 });
    expect(first.status).toBe(200);
    for (const socket of all) if (socket !== seats[seat]) expect((await socket.next()).view!.version).toBe(1);

    const other = { type: 'double', double: true, id: 'mine' };
    const overSocket = expectRefusal(await sendOver(seats[seat]!, other), 409, 'id_reused');
    const overPost = await expectError(postAction(table.tableId, table.seats[seat]!.token, other), 409, 'id_reused');
    expect(overSocket).toBe(overPost);
    expect(overSocket).toContain('"mine"');
    // The first action under the id, sent the other way, is still answered as the first time.
    const posted = await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: 'mine' });
    expect(await posted.json()).toEqual(first.view);

    for (const socket of all) await expectNothingPending(socket);
    const now = await view(table.tableId, table.seats[seat]!.token);
    expect(now.version).toBe(1);
    expect(now.history).toEqual([{ seat, type: 'double', double: false }]); // its own decision, unchanged (R3.1: the seat sees its own)
    for (const socket of all) socket.close();
  });

  it('lets one of two racing actions win: over the socket and over POST at once', async () => {
    const { table, seats, all } = await seated();
    // The auction's first bid after the three doubles: both forehand clients send it with version 3.
    for (const [index, { seat, action }] of GAME.actions.slice(0, 3).entries()) {
      expect((await sendOver(seats[seat]!, { ...action, id: `d${index}`, version: index }, true)).status).toBe(200);
    }
    for (const socket of all) while (socket.pending() > 0) await socket.next();
    const { seat, action } = GAME.actions[3]!;
    const [overSocket, overPost] = await Promise.all([
      sendOver(seats[seat]!, { ...action, id: 'socket', version: 3 }, true),
      postAction(table.tableId, table.seats[seat]!.token, { ...action, id: 'post', version: 3 }),
    ]);
    const statuses = [overSocket.status, overPost.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect((await view(table.tableId, table.seats[0]!.token)).version).toBe(4);
    for (const socket of all) socket.close();
  });

  it('keeps working after the table was evicted with its sockets hibernating', async () => {
    const { table, seats, all } = await seated();
    await evictDurableObject(tableStub(table.tableId));
    const { seat, action } = GAME.actions[0]!;
    const answer = await sendOver(seats[seat]!, { ...action, id: 'after', version: 0 });
    expect(answer.status).toBe(200);
    expect(answer.view).toEqual(await view(table.tableId, table.seats[seat]!.token));
    for (const socket of all) if (socket !== seats[seat]) expect((await socket.next()).view!.version).toBe(1);
    for (const socket of all) socket.close();
  });

  it("counts against the link's ACTION_LIMITER budget like POST: 429 rate_limited once it is spent", async () => {
    const { table, seats } = await seated();
    // "pass" is refused by the rules in the doubling window (422), but still counts.
    // Windows are aligned to the clock: a run may cross one, so up to twice the limit may pass.
    let refusedAt = -1;
    for (let index = 0; index < 241 && refusedAt < 0; index++) {
      const channel = index % 2 === 0 ? 'socket' : 'post';
      const status =
        channel === 'socket'
          ? (await sendOver(seats[0]!, { type: 'pass', id: `p${index}` })).status
          : (await postAction(table.tableId, table.seats[0]!.token, { type: 'pass' })).status;
      if (status === 429) refusedAt = index;
    }
    expect(refusedAt).toBeGreaterThanOrEqual(120);
    const limited = await sendOver(seats[0]!, { type: 'pass', id: 'after-limit' });
    expectRefusal(limited, 429, 'rate_limited');
    // Another seat's link has its own budget.
    const { seat, action } = GAME.actions.find((a) => a.seat !== 0)!;
    expect((await sendOver(seats[seat]!, { ...action, id: 'other-seat' })).status).toBe(200);
    for (const socket of seats) socket.close();
  });
});
