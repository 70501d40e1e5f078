/**
 * R3.1 through the whole server, by comparing worlds: "until all three have decided,
 * nothing in any view, push, webhook, mail, error or log lets a seat or a spectator infer
 * another seat's choice." Two tables are dealt fixed deals (TEST_DEALS=on) and played the
 * same way, except for one thing seat 0 may not know: in world B seat 1 doubles where in
 * world A it does not; or (separately) the deals differ only in cards seat 0 cannot see
 * during the window. After every action of the doubling window everything seat 0 and a
 * spectator can observe must be the same in both worlds: their GET views, every frame
 * pushed over their WebSockets and how many, seat 0's webhook bodies (reminders: the window
 * is the seat's move) and mails (the deal's; with its socket open seat 0 is at the table and
 * gets no reminder mail), the answers to seat 0's refused actions (POST and socket),
 * and what the table logs. Checking for card codes would not do: a multiplier or a count
 * derived from a hidden choice leaks it as surely (test/engine/hidden.test.ts is the
 * engine's side of this).
 *
 * The Durable Objects run in the tests' isolate, so a spy on globalThis.fetch receives
 * their webhooks and one on TableObject.sendEmail their mails (as notifications.test.ts).
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardCode } from '../../shared/cards.js';
import type { Deal } from '../../shared/deal.js';
import type { Seat } from '../../shared/options.js';
import type { GameRecord } from '../../shared/record.js';
import {
  act,
  clientIpOf,
  confirmAt,
  connect,
  type CreatedTable,
  createTable,
  eventually,
  games,
  handMade,
  newAddress,
  postAction,
  putNotifications,
  request,
  type Socket,
  tableStub,
  type TableView,
  view,
  watchMail,
} from './support.js';

/** Dealer 0, so seat 1 is forehand and seat 0 the dealer: seat 0 is never told to bid when the window closes. */
const GAME: GameRecord = handMade('01-hold-stage1-overtrump');

/**
 * What legitimately differs from table to table, and nothing else: removed (at any depth)
 * before two worlds are compared. tableId: each table's own id; deadline: when the move is
 * due, from the moment each table took its last action; commitment: the deal's (null for
 * fixed deals, listed for completeness). In mails: the seat's link (its table id and token)
 * and the deadline's time, replaced in the text.
 */
const PER_TABLE_FIELDS = ['tableId', 'deadline', 'commitment'] as const;

function withoutPerTable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPerTable);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(PER_TABLE_FIELDS as readonly string[]).includes(key))
      .map(([key, v]) => [key, withoutPerTable(v)]),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

interface World {
  readonly name: string;
  readonly table: CreatedTable;
  readonly seat0: Socket;
  readonly spectator: Socket;
}

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML part of a mail that shows the table (API.md "Mail": the turn mail is the table). */
  readonly html?: string;
}

const hookOf = (name: string) => `https://hooks.example.com/hidden/${name}`;
/**
 * Seat 0's address in both worlds of a test: confirmed at each world's table (mail goes only
 * to addresses confirmed there), and new for each test, so that its limits are never reached.
 */
let MAIL = '';

/** Every webhook POST (by URL) and every mail the tables send, in the order they came; observe() takes its world's. */
const received: { webhooks: { url: string; body: unknown }[]; mails: Mail[] } = { webhooks: [], mails: [] };

/** Receivers answer 204, or what `statusOf` says for a URL (410: gone for good). */
async function listen(statusOf: (url: string) => number = () => 204): Promise<void> {
  MAIL = newAddress('seat0');
  received.webhooks.length = 0;
  received.mails.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    received.webhooks.push({ url: request.url, body: JSON.parse(await request.text()) });
    return new Response(null, { status: statusOf(request.url) });
  });
  watchMail(({ to, subject, text, html }: Mail) => void received.mails.push({ to, subject, text, ...(html === undefined ? {} : { html }) }));
}

/** Takes out of `list` the entries that `mine` picks, in order. */
function takeOut<T>(list: T[], mine: (entry: T) => boolean): T[] {
  const taken = list.filter(mine);
  for (const entry of taken) list.splice(list.indexOf(entry), 1);
  return taken;
}

async function openWorld(name: string, deal: Deal): Promise<World> {
  const table = await createTable({
    // The same name in every world (mails carry it); the deadline makes reminders during the window.
    name: 'hidden',
    seats: [{ email: MAIL }, {}, {}],
    options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 2 },
    deals: [deal],
  });
  await confirmAt(table, MAIL);
  expect((await putNotifications(table.tableId, table.seats[0]!.token, { webhookUrl: hookOf(name) })).status).toBe(200);
  const seat0 = await connect(table.tableId, table.seats[0]!.token);
  const spectator = await connect(table.tableId, table.spectator.token, 'protocol');
  return { name, table, seat0, spectator };
}

const waitingDeliveries = (table: CreatedTable) =>
  runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM deliveries').one().n);
const delivered = (table: CreatedTable) =>
  eventually(async () => ((await waitingDeliveries(table)) === 0 ? true : undefined), 'every delivery to be made');

/** Every frame a socket received since the last call, up to the answer to a ping (the frames before it are all there is). */
async function framesOf(socket: Socket): Promise<unknown[]> {
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  const frames: unknown[] = [];
  for (;;) {
    const frame = await socket.next();
    if (frame.type === 'pong') return frames;
    frames.push(frame);
  }
}

/** A mail's text or HTML with what differs per table by construction taken out: the seat's link, the deadline's minute, the reply address. */
const perWorld = (text: string, world: World): string =>
  text
    .replaceAll(world.table.seats[0]!.url, '<the seat link>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, '<the deadline> UTC')
    .replace(/moves\+[a-z0-9-]+(@|%40)/g, 'moves+<the reply address>$1');

/** Everything seat 0 and the spectator can observe of a world since the last call, per-table fields removed. */
async function observe(world: World) {
  await delivered(world.table);
  const observed = {
    seat0View: await view(world.table.tableId, world.table.seats[0]!.token),
    spectatorView: await view(world.table.tableId, world.table.spectator.token),
    seat0Frames: await framesOf(world.seat0),
    spectatorFrames: await framesOf(world.spectator),
    webhooks: takeOut(received.webhooks, (w) => w.url === hookOf(world.name)).map((w) => w.body),
    // A mail is told to its table by the seat link in it.
    mails: takeOut(received.mails, (m) => m.text.includes(world.table.seats[0]!.url)).map((mail) => ({
      ...mail,
      text: perWorld(mail.text, world),
      ...(mail.html === undefined ? {} : { html: perWorld(mail.html, world) }),
    })),
  };
  return withoutPerTable(observed) as typeof observed;
}

/**
 * Actions the window does not allow seat 0 now: a bid, a pass, a card of seat 1's packet
 * (seat 0's own in world C), kontra, a stale version, and once decided, deciding again.
 */
const refusedActions = (seat0Decided: boolean): Record<string, unknown>[] => [
  { type: 'bid', bid: '6' },
  { type: 'pass' },
  { type: 'play', card: GAME.deal.hands[1][0] },
  { type: 'kontra' },
  { type: 'double', double: false, version: 99 },
  ...(seat0Decided ? [{ type: 'double', double: true }] : []),
];

/** The refusals seat 0 gets for refusedActions, by POST and over its socket (the socket's answers are read as its frames). */
async function refusals(world: World, step: number, seat0Decided: boolean) {
  const token = world.table.seats[0]!.token;
  const answers: unknown[] = [];
  for (const action of refusedActions(seat0Decided)) {
    const res = await postAction(world.table.tableId, token, action);
    answers.push(withoutPerTable({ status: res.status, body: await res.json() }));
    world.seat0.ws.send(JSON.stringify({ type: 'action', action: { ...action, id: `refused-${step}-${action.type}` } }));
  }
  return answers;
}

/** Runs `fn` for each world and records what the table logged meanwhile (console), per world. */
async function inEachWorld<W extends { readonly table: CreatedTable }, T>(
  worlds: readonly W[],
  fn: (world: W) => Promise<T>,
): Promise<{ result: T; logged: string[] }[]> {
  const out: { result: T; logged: string[] }[] = [];
  for (const world of worlds) {
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(`${level}: ${args.map(String).join(' ')}`)),
    );
    const result = await fn(world);
    await delivered(world.table);
    for (const spy of spies) spy.mockRestore();
    out.push({ result, logged: logged.map((line) => line.replaceAll(world.table.tableId, '<tableId>')) });
  }
  return out;
}

/** Both worlds' observations (and logs) must be equal; answers the first. */
function expectSame<T>(what: string, results: { result: T; logged: string[] }[]): T {
  const [a, b] = results as [{ result: T; logged: string[] }, { result: T; logged: string[] }];
  expect(b.result, what).toEqual(a.result);
  expect(b.logged, `${what}: the logs`).toEqual(a.logged);
  return a.result;
}

/** Forces the reminder of the move owed now (as if the deadline were near) and runs the table's alarm, if it has one. */
async function remindNow(world: World): Promise<boolean> {
  const then = new Date(Date.now() - 100 * 60_000).toISOString();
  await runInDurableObject(tableStub(world.table.tableId), (_i, state) => {
    state.storage.sql.exec('UPDATE actions SET at = ?', then);
    state.storage.sql.exec('UPDATE deals SET dealt_at = ?', then);
  });
  await evictDurableObject(tableStub(world.table.tableId)); // read again; the sockets hibernate and stay open
  return runDurableObjectAlarm(tableStub(world.table.tableId));
}

/**
 * Plays the doubling window in both worlds, `decisions[w]` being world w's choices for
 * seats 0, 1, 2 and `order` the order they decide in. After every decision while the
 * window stays open: everything observable is compared, seat 0's refused actions too, and
 * the reminder is forced. Answers the two worlds' views of seat 0 after the last decision
 * closed the window (where they may differ).
 */
async function playWindow(worlds: readonly World[], order: readonly Seat[], decisions: readonly (readonly boolean[])[]) {
  let step = 0;
  const compare = async (what: string) => {
    const observed = expectSame(what, await inEachWorld(worlds, observe));
    expect(observed.seat0View.phase, what).toBe('doubling');
    expect(observed.seat0View.multiplier, what).toBe(1);
    return observed;
  };
  const start = await compare('the deal');
  // The deal's turn mail shows seat 0 the table (its packet, the moves it may make), alike in both worlds, its HTML part too.
  expect(
    start.mails.map((m) => /Your cards|Deine Karten/.test(m.text) && m.html !== undefined),
    'the deal’s turn mail shows the table',
  ).toContain(true);
  expect(start.seat0Frames).toHaveLength(1); // the view sent on connecting
  expect(start.spectatorFrames).toHaveLength(1);

  for (const [i, seat] of order.entries()) {
    const last = i === order.length - 1;
    const decide = await inEachWorld(worlds, async (world) => {
      const double = decisions[worlds.indexOf(world)]![seat]!;
      const res = await postAction(world.table.tableId, world.table.seats[seat]!.token, { type: 'double', double, version: i });
      const body = (await res.json()) as Record<string, unknown>;
      // Seat 0's own answer is its own to compare; another seat's answer is not observable to seat 0.
      return seat === 0 ? withoutPerTable({ status: res.status, body }) : res.status;
    });
    if (last) {
      // The window is closed: from here on the choices are public and the worlds may differ.
      return Promise.all(worlds.map((w) => view(w.table.tableId, w.table.seats[0]!.token)));
    }
    expectSame(`seat ${seat} decides (step ${++step})`, decide);
    const afterDecision = await compare(`after seat ${seat} decided`);
    // One push per action to each socket (seat 0's own action too: it came by POST).
    expect(afterDecision.seat0Frames).toHaveLength(1);
    expect(afterDecision.spectatorFrames).toHaveLength(1);

    const seat0Decided = order.slice(0, i + 1).includes(0);
    const refused = expectSame(`seat 0's refusals after step ${step}`, await inEachWorld(worlds, (world) => refusals(world, step, seat0Decided)));
    expect((refused as { status: number }[]).map((r) => r.status)).toEqual(
      refusedActions(seat0Decided).map((a) => (a.version === undefined ? 422 : 409)),
    );
    const afterRefusals = await compare(`seat 0's refusals after step ${step}, their socket answers`);
    expect(afterRefusals.seat0Frames).toHaveLength(refusedActions(seat0Decided).length); // the socket's answers, no push
    expect(
      afterRefusals.seat0Frames.every((f) => (f as { type: string; status: number }).type === 'answer' && (f as { status: number }).status >= 409),
    ).toBe(true);
    expect(afterRefusals.spectatorFrames).toHaveLength(0);

    // The window is seat 0's move while it has not decided: reminded then, and only then (the alarm waits for nothing else).
    const ownsMove = !seat0Decided;
    // Retention keeps an alarm set in both worlds: whether it reminded anyone is what the webhooks and mails below show.
    expect(expectSame(`the alarms after step ${step}`, await inEachWorld(worlds, remindNow))).toBe(true);
    const reminded = await compare(`the reminders after step ${step}`);
    expect(reminded.webhooks.map((w) => (w as { type: string }).type)).toEqual(ownsMove ? ['reminder'] : []);
    // No reminder mail: seat 0 has its socket open, it is at the table (worker/table/presence.ts); its webhook is reminded.
    expect(reminded.mails).toEqual([]);
    expect(reminded.seat0Frames).toHaveLength(0);
  }
  throw new Error('the window never closed');
}

describe('R3.1: worlds that differ only in what seat 0 may not know look the same to it and to a spectator, through the server', () => {
  const worlds: World[] = [];

  it.each([
    ['seat 1 first, then seat 0; seat 2 closes the window', [1, 0, 2]],
    ['seat 0 first, then seat 1; seat 2 closes the window', [0, 1, 2]],
    ['seat 2, seat 1, then seat 0 closes the window', [2, 1, 0]],
  ] as [string, Seat[]][])('seat 1 doubles in world B and not in A: %s', async (_what, order) => {
    await listen();
    worlds.length = 0;
    worlds.push(await openWorld('A', GAME.deal), await openWorld('B', GAME.deal));
    const [seat0InA, seat0InB] = await playWindow(worlds, order, [
      [true, false, false],
      [true, true, false],
    ]);
    // Once all decided the doubles are public: the two worlds now differ, so the comparison above could have seen it.
    expect([seat0InA!.multiplier, seat0InB!.multiplier]).toEqual([2, 4]);
    expect([seat0InA!.doubles, seat0InB!.doubles]).toEqual([[0], [0, 1]]);
    for (const world of worlds) for (const socket of [world.seat0, world.spectator]) socket.close();
  });

  it('the deals differ only in cards seat 0 cannot see in the window (its later cards, the other packets, the stock)', async () => {
    const hands = GAME.deal.hands.map((hand) => [...hand]) as [CardCode[], CardCode[], CardCode[]];
    const stock = [...GAME.deal.stock];
    // Seat 0's fourth card (not in its packet) for seat 1's first packet card; seat 2's packet card for a stock card.
    [hands[0][3], hands[1][0]] = [hands[1][0]!, hands[0][3]!];
    [hands[2][1], stock[0]] = [stock[0]!, hands[2][1]!];
    const other: Deal = { hands, stock };
    await listen();
    worlds.length = 0;
    worlds.push(await openWorld('A', GAME.deal), await openWorld('C', other));
    const same = [false, true, false];
    const [inA, inC] = await playWindow(worlds, [1, 0, 2], [same, same]);
    // After the window seat 0 sees its whole hand: now the worlds differ.
    expect(new Set(inA!.hand)).not.toEqual(new Set(inC!.hand));
    for (const world of worlds) for (const socket of [world.seat0, world.spectator]) socket.close();
  });
});

/**
 * A seat's private settings, by the same comparison: what seat 0 and a spectator observe
 * must not depend on them. Here seat 2's webhook receiver answers 410 Gone in world A and
 * 204 in world B; the table turns A's off, which seat 2's own view shows. No other socket
 * may be pushed a frame for it: one arriving would tell who has a webhook, and when it went.
 */
describe("another seat's private settings look the same to seat 0 and a spectator, through the server", () => {
  it("seat 2's webhook is turned off by its receiver (410) in world A, not in B: the other sockets get no frame for it", async () => {
    await listen((url) => (url.endsWith('/gone') ? 410 : 204));
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // world A logs the 410 for an operator: not observable to a seat
    const worlds = [await openWorld('A', GAME.deal), await openWorld('B', GAME.deal)];
    for (const world of worlds) {
      const url = `${hookOf(world.name)}/seat2${world.name === 'A' ? '/gone' : ''}`;
      expect((await putNotifications(world.table.tableId, world.table.seats[2]!.token, { webhookUrl: url })).status).toBe(200);
    }
    const compare = async (what: string) => {
      const [a, b] = await Promise.all(worlds.map(observe));
      expect(b, what).toEqual(a);
      return a!;
    };
    expect((await compare('the deal')).seat0Frames).toHaveLength(1); // the view sent on connecting
    // The doubling window and the auction up to seat 2's first bid: seat 2 is told its turn at each step it owes one.
    for (const [version, { seat, action }] of GAME.actions.slice(0, 5).entries()) {
      for (const world of worlds) await act(world.table.tableId, world.table.seats[seat]!.token, { ...action, version });
      const observed = await compare(`after action ${version + 1}`);
      expect(observed.seat0Frames, `after action ${version + 1}: one push each`).toHaveLength(1);
      expect(observed.spectatorFrames).toHaveLength(1);
    }
    // It did happen: A's receiver was posted to and answered 410, and seat 2's own view says its webhook is off.
    expect(received.webhooks.some((w) => w.url.endsWith('/seat2/gone'))).toBe(true);
    const own = await Promise.all(worlds.map((w) => view(w.table.tableId, w.table.seats[2]!.token)));
    expect(own.map((v) => v.webhook)).toEqual(['disabled', 'active']);
    for (const world of worlds) for (const socket of [world.seat0, world.spectator]) socket.close();
  });
});

/**
 * A forced card (worker/table/auto-moves.ts) by the same comparison. In both worlds seat 0
 * ends up playing H9, its only legal card in trick 3; in world A it opted in and the table
 * plays the card for it after its drawn delay, in world B it did not and plays the card
 * itself. Seats 1 and 2 and a spectator must not be able to tell the worlds apart: not from
 * the opt-in (no frame, nothing in their views), not from the card (no `auto` mark in their
 * views, frames or webhooks) until the game's record is published.
 */
describe('whether seat 0 opted in to forced cards, and whether the table played one for it, looks the same to the others', () => {
  /** Game 01: in trick 3 seat 2 leads EA; seat 0, void in E, holds one trump, H9 (R7.5). Its index among the game's actions. */
  const FORCED_H9 = 17;
  const OTHERS = [1, 2] as const;

  interface OptInWorld {
    readonly name: string;
    readonly table: CreatedTable;
    /** Seat 1's, seat 2's and the spectator's sockets. */
    readonly sockets: readonly Socket[];
  }

  async function openOptInWorld(name: string, optIn: boolean): Promise<OptInWorld> {
    const table = await createTable({
      name: 'hidden',
      options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 2 },
      deals: [GAME.deal],
    });
    for (const seat of OTHERS) {
      expect((await putNotifications(table.tableId, table.seats[seat]!.token, { webhookUrl: hookOf(`${name}/${seat}`) })).status).toBe(200);
    }
    const sockets = [
      ...(await Promise.all(OTHERS.map((seat) => connect(table.tableId, table.seats[seat]!.token)))),
      await connect(table.tableId, table.spectator.token, 'protocol'),
    ];
    // B says no where A says yes: the same request, a different choice.
    const res = await request(`/api/tables/${table.tableId}/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${table.seats[0]!.token}`, 'cf-connecting-ip': clientIpOf(name) },
      body: JSON.stringify({ autoForced: optIn }),
    });
    expect(res.status).toBe(200);
    return { name, table, sockets };
  }

  /** Everything seats 1 and 2 and the spectator can observe since the last call, per-table fields removed. */
  async function observeOthers(world: OptInWorld) {
    await delivered(world.table);
    const tokens = [...OTHERS.map((seat) => world.table.seats[seat]!.token), world.table.spectator.token];
    const observed = {
      views: await Promise.all(tokens.map((token) => view(world.table.tableId, token))),
      frames: await Promise.all(world.sockets.map(framesOf)),
      webhooks: OTHERS.map((seat) => takeOut(received.webhooks, (w) => w.url === hookOf(`${world.name}/${seat}`)).map((w) => w.body)),
    };
    return withoutPerTable(observed) as typeof observed;
  }

  /** Ten minutes pass at the table (its log and deal dated back), then its alarm runs: seat 0's forced card is due after two seconds. */
  async function tenMinutesPass(world: OptInWorld): Promise<void> {
    const back = '-600 seconds';
    await runInDurableObject(tableStub(world.table.tableId), (_i, state) => {
      state.storage.sql.exec("UPDATE actions SET at = strftime('%Y-%m-%dT%H:%M:%fZ', at, ?)", back);
      state.storage.sql.exec("UPDATE deals SET dealt_at = strftime('%Y-%m-%dT%H:%M:%fZ', dealt_at, ?)", back);
    });
    await evictDurableObject(tableStub(world.table.tableId)); // read again; the sockets hibernate and stay open
    expect(await runDurableObjectAlarm(tableStub(world.table.tableId))).toBe(true);
  }

  it('A: opted in, the table plays the forced H9; B: not opted in, seat 0 plays it itself', async () => {
    await listen();
    const worlds = [await openOptInWorld('A', true), await openOptInWorld('B', false)];
    const compare = async (what: string) => {
      const observed = expectSame(what, await inEachWorld(worlds, observeOthers));
      expect(
        observed.frames.map((f) => f.length),
        `${what}: one frame each`,
      ).toEqual([1, 1, 1]);
      return observed;
    };
    await compare('the deal, and the opt-in'); // the frame sent on connecting; none for the opt-in
    for (const [version, { seat, action }] of GAME.actions.slice(0, FORCED_H9).entries()) {
      for (const world of worlds) await act(world.table.tableId, world.table.seats[seat]!.token, { ...action, version });
      await compare(`after action ${version + 1}`);
    }

    // A's alarm plays H9 for seat 0; in B nothing happens until seat 0 plays it.
    for (const world of worlds) await tenMinutesPass(world);
    await act(worlds[1]!.table.tableId, worlds[1]!.table.seats[0]!.token, { ...GAME.actions[FORCED_H9]!.action, version: FORCED_H9 });
    const played = await compare('seat 0 played H9');
    const h9 = { seat: 0, type: 'play', trick: 3, card: 'H9' };
    for (const v of played.views) expect(v.moves.at(-1)).toEqual(h9);
    // Seat 1 is told its turn, with its view: no mark in it either.
    expect(played.webhooks[0]!.map((w) => (w as { type: string; view: TableView }).view.moves.at(-1))).toEqual([h9]);
    // Seat 0's own view knows, in A: the worlds do differ.
    const own = await Promise.all(worlds.map((w) => view(w.table.tableId, w.table.seats[0]!.token)));
    expect(own.map((v) => v.moves.at(-1))).toEqual([{ ...h9, auto: true }, h9]);

    // The rest of the game alike; then the record says which card was played for the seat.
    for (const [i, { seat, action }] of GAME.actions.slice(FORCED_H9 + 1).entries()) {
      const version = FORCED_H9 + 1 + i;
      for (const world of worlds) await act(world.table.tableId, world.table.seats[seat]!.token, { ...action, version });
    }
    const records = await Promise.all(worlds.map(async (w) => (await games(w.table.tableId, w.table.spectator.token))[0]!));
    expect(records.map((r) => r.actions.flatMap((a, i) => (a.auto === true ? [i] : [])))).toEqual([[FORCED_H9], []]);
    for (const world of worlds) for (const socket of world.sockets) socket.close();
  });
});

describe("R10.2: the declarer's discards during play (the table page shows them to the declarer, issue 25)", () => {
  it("after every action of a whole game, the declarer's view holds its two discards from the discard on, and no other seat's, the spectator's, nor their sockets' frames hold either card", async () => {
    const table = await createTable({ options: { ...GAME.options, firstDealer: GAME.dealer, games: 2 }, deals: [GAME.deal, GAME.deal] });
    const declarer = GAME.declarer!;
    const discardAction = GAME.actions.find((a) => a.action.type === 'discard')!.action;
    if (discardAction.type !== 'discard') throw new Error('the game has a discard');
    const discard = discardAction;
    const others = [...([0, 1, 2] as Seat[]).filter((s) => s !== declarer).map((s) => table.seats[s]!.token), table.spectator.token];
    const sockets = await Promise.all(others.map((token) => connect(table.tableId, token)));
    const discardAt = GAME.actions.indexOf(GAME.actions.find((a) => a.action.type === 'discard')!);
    const discarded = new RegExp(`"(${discard.cards.join('|')})"`);
    const frames: unknown[] = [];
    const drain = async () => {
      for (const socket of sockets) while (socket.pending() > 0) frames.push(await socket.next());
    };
    for (const [i, { seat, action }] of GAME.actions.entries()) {
      await act(table.tableId, table.seats[seat]!.token, { ...action, version: i });
      const own = await view(table.tableId, table.seats[declarer]!.token);
      // The last action ended the game: the next is dealt, and the view is of that game (API.md).
      if (i < GAME.actions.length - 1)
        expect(own.discards?.slice().sort() ?? null, `the declarer's view after action ${i}`).toEqual(
          i >= discardAt ? [...discard.cards].sort() : null,
        );
      for (const token of others) {
        const seen = await view(table.tableId, token);
        expect(seen.discards, `another view after action ${i}`).toBeNull();
        expect(JSON.stringify(seen).match(discarded), `another view after action ${i}: no discarded card`).toBeNull();
      }
      await drain();
    }
    await eventually(async () => (frames.length >= GAME.actions.length ? true : (await drain(), undefined)), 'the frames of the game');
    for (const frame of frames) expect(JSON.stringify(frame).match(discarded), 'a frame to another seat or the spectator').toBeNull();
    for (const socket of sockets) socket.close();
  });
});
