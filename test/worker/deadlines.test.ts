/**
 * Deadlines that act (API.md, "Deadlines"; worker/table/moves/auto-moves.ts, worker/published/clock.ts):
 * at a passed deadline the strong bot makes the move for the seat (onTimeout "bot") or the
 * table only reminds ("wait"); a vacation stops the seat's clock; an opted-in seat's forced
 * card is played at once; nothing moves while the table's admin has it paused. Time cannot be moved on
 * in workerd: the tests date the table's storage back and run the real alarm.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardCode } from '../../shared/cards.js';
import { stoppedDeadlineAt } from '../../shared/deadline.js';
import type { Seat } from '../../shared/options.js';
import { cardCodesIn } from '../../shared/view.js';
import { MAX_PAUSES_PER_MOVE } from '../../worker/model/limits.js';
import { forcedCard } from '../../worker/table/moves/auto-moves.js';
import { delayDraw, FORCED_DELAY, forcedDelay } from '../../worker/table/moves/forced-delay.js';
import type { TableObject } from '../../worker/table/table-object.js';
import type { WebhookBody } from '../../worker/notifications/webhook.js';
import {
  clientIpOf,
  confirmAt,
  connect,
  type CreatedTable,
  createTable,
  eventually,
  expectError,
  expectOnlyCards,
  games,
  handMade,
  isOwnTable,
  newAddress,
  playActions,
  playersLeave,
  postAction,
  postJson,
  putNotifications,
  request,
  sql,
  tableFor,
  tableStub,
  type TableView,
  view,
  watchMail,
  actedAt as actedAtOfTable,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
const SEATS: Seat[] = [0, 1, 2];
const HOUR = 3_600_000;
/** The first card of the game: 3 doubles, 5 auction actions, the discard and the contract come before it. */
const PLAY_STARTS = 10;
/** Trick 2 is led by the declarer (seat 1), who may play any of its 9 cards: a real decision. */
const TRICK_TWO = PLAY_STARTS + 3;
/** Trick 3: seat 0 cannot follow diamonds (E) and holds one trump, H9: R7.5 forces it (and with knock on, may knock, R7.11). */
const FORCED_H9 = PLAY_STARTS + 7;

afterEach(() => {
  vi.restoreAllMocks();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'cf-connecting-ip': clientIpOf(token) });

const postVacation = (table: CreatedTable, seat: Seat | 'spectator', body: unknown) =>
  postJson(`/api/tables/${table.tableId}/vacation`, body, auth(seat === 'spectator' ? table.spectator.token : table.seats[seat]!.token));

async function vacation(table: CreatedTable, seat: Seat, hours: number): Promise<TableView> {
  const res = await postVacation(table, seat, { hours });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as TableView;
}

const putPreferences = (table: CreatedTable, seat: Seat | 'spectator', body: unknown) =>
  request(`/api/tables/${table.tableId}/preferences`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...auth(seat === 'spectator' ? table.spectator.token : table.seats[seat]!.token) },
    body: JSON.stringify(body),
  });

/** A table dealt GAME's deal with a 2-hour clock, `options` added; GAME's first `played` actions made. */
async function tableAt(played: number, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<CreatedTable> {
  const table = await createTable(
    tableFor(GAME, { options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 2, ...options }, ...extra }),
  );
  await playActions(table, GAME.actions.slice(0, played), 0);
  return table;
}

/** The table's alarm once it is set for `expected` (the table sets it in the background after a change). */
const alarmFor = (table: CreatedTable, expected: (at: number) => boolean, what: string): Promise<number> =>
  eventually(async () => {
    const at = await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.getAlarm());
    return at !== null && expected(at) ? at : undefined;
  }, what);

const versionOf = async (table: CreatedTable) => (await sql<{ v: number }>(table, 'SELECT COALESCE(MAX(version), 0) AS v FROM actions'))[0]!.v;

/**
 * Time passes: everything the table dated (its moves, its deal, the seats' activity and
 * vacations) is moved `ms` back, as if that much time had gone by; then the real alarm runs.
 */
async function timePasses(table: CreatedTable, ms: number): Promise<void> {
  const back = `-${ms / 1000} seconds`;
  // ISO text as toISOString writes it (SQLite's %f: seconds with milliseconds).
  await sql(table, "UPDATE actions SET at = strftime('%Y-%m-%dT%H:%M:%fZ', at, ?)", back);
  await sql(table, "UPDATE deals SET dealt_at = strftime('%Y-%m-%dT%H:%M:%fZ', dealt_at, ?)", back);
  await sql(table, 'UPDATE vacations SET from_at = from_at - ?, until_at = until_at - ?', ms, ms);
  await sql(table, 'UPDATE pauses SET paused_from = paused_from - ?, paused_until = paused_until - ?', ms, ms);
  await evictDurableObject(tableStub(table.tableId));
  expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
}

/** Stands in for every webhook receiver: records each POST's body about a table of this file (support.ts: isOwnTable). */
function receivers(): WebhookBody[] {
  const posts: WebhookBody[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const body = (await new Request(input, init).json()) as WebhookBody;
    if (isOwnTable(body.tableId)) posts.push(body);
    return new Response(null, { status: 204 });
  });
  return posts;
}

async function hookAll(table: CreatedTable): Promise<void> {
  for (const seat of SEATS) {
    const res = await putNotifications(table.tableId, table.seats[seat]!.token, { webhookUrl: `https://hooks.example.com/${seat}` });
    expect(res.status).toBe(200);
  }
}

const deliveriesDone = async (table: CreatedTable) => {
  for (let i = 0; i < 60; i++) {
    if ((await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM deliveries'))[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('deliveries still wait');
};

/** The cards `seat` may know now: its dealt hand, the stock if it declared after the pickup, and every card played (R10.2). */
async function knowableNow(table: CreatedTable, seat: Seat): Promise<Set<CardCode>> {
  const known = new Set<CardCode>(GAME.deal.hands[seat]);
  if (seat === GAME.declarer) for (const card of GAME.deal.stock) known.add(card);
  for (const { action } of await sql<{ action: string }>(table, 'SELECT action FROM actions')) {
    const parsed = JSON.parse(action) as { type: string; card?: CardCode };
    if (parsed.type === 'play') known.add(parsed.card!);
  }
  return known;
}

describe('options onTimeout and vacationHours', () => {
  it('default to "bot" and 72, are shown in every view, and are refused out of range', async () => {
    const plain = await createTable({});
    expect(await view(plain.tableId, plain.spectator.token)).toMatchObject({ onTimeout: 'bot', vacationHours: 72, autoForced: null });
    const set = await createTable({ options: { moveDeadlineHours: 24, onTimeout: 'wait', vacationHours: 0 } });
    const own = await view(set.tableId, set.seats[0]!.token);
    expect(own).toMatchObject({ onTimeout: 'wait', vacationHours: 0, autoForced: false });
    expect(own.seats.map((s) => [s.vacationUntil, s.vacationHoursLeft])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    expect(own.options).not.toHaveProperty('onTimeout'); // a table setting, not a rule
    for (const options of [{ onTimeout: 'never' }, { vacationHours: 337 }, { vacationHours: -1 }, { vacationHours: 1.5 }]) {
      const res = await postJson('/api/tables', { options }, { 'cf-connecting-ip': clientIpOf(JSON.stringify(options)) });
      expect(await expectError(res, 400, 'bad_request')).toMatch(/options\.(onTimeout|vacationHours)/);
    }
  });
});

describe('a passed deadline', () => {
  it('onTimeout "bot": the seat is reminded first; at the deadline the strong bot makes its one move, marked automatic, and others learn no hidden card', async () => {
    const posts = receivers();
    const table = await tableAt(TRICK_TWO);
    await hookAll(table);
    const seat = GAME.actions[TRICK_TWO]!.seat;
    expect((await view(table.tableId, table.seats[seat]!.token)).turn).toBe(seat);

    await timePasses(table, 100 * 60_000); // 1 h 40 min: past the reminder (1 h 30 min), before the deadline
    await deliveriesDone(table);
    expect(posts.map((p) => [p.type, p.seat])).toEqual([['reminder', seat]]);
    expect(await versionOf(table)).toBe(TRICK_TWO);

    posts.length = 0;
    await timePasses(table, 21 * 60_000); // 2 h 1 min: past the deadline
    expect(await versionOf(table)).toBe(TRICK_TWO + 1);
    expect(await sql(table, 'SELECT seat, auto FROM actions WHERE version = ?', TRICK_TWO + 1)).toEqual([{ seat, auto: 1 }]);
    const own = await view(table.tableId, table.seats[seat]!.token);
    const made = own.moves.at(-1)!;
    expect(made).toMatchObject({ seat, type: 'play', auto: true });
    expect(own.moves.slice(0, -1).some((m) => 'auto' in m)).toBe(false);
    expect(own.hand).toHaveLength(8); // one card of the 9 it held played
    for (const viewer of SEATS) {
      const v = await view(table.tableId, table.seats[viewer]!.token);
      expect(v.moves.at(-1)).toMatchObject({ seat, auto: true });
      expectOnlyCards(cardCodesIn(v), await knowableNow(table, viewer), `seat ${viewer}'s view after the automatic move`);
    }
    // Everyone was pushed the change; the next seat's clock starts now.
    await deliveriesDone(table);
    expect(posts.map((p) => p.type)).toEqual(['turn']);
    expect(Date.parse((await view(table.tableId, table.spectator.token)).deadline!)).toBeGreaterThan(Date.now() + 2 * HOUR - 60_000);
  });

  it('the bot plays the rest of a game for absent players, to its claim; the record marks each of its moves auto, the others not', async () => {
    const table = await tableAt(TRICK_TWO);
    for (let version = TRICK_TWO; version < GAME.actions.length; version++) await timePasses(table, 2 * HOUR + 60_000);
    const [record] = await games(table.tableId, table.spectator.token);
    // The bot claims the rest once the claim is sure (R7.12), for a seat it plays for too: this
    // game ends with that claim, before all 40 actions of GAME.
    expect(record!.actions.length).toBeLessThan(GAME.actions.length);
    expect(record!.actions.at(-1)).toMatchObject({ action: { type: 'claim' }, auto: true });
    expect(record!.actions.slice(0, TRICK_TWO).every((a) => !('auto' in a))).toBe(true);
    expect(record!.actions.slice(TRICK_TWO).every((a) => a.auto === true)).toBe(true);
    const { validateRecord } = await import('../../shared/record.js');
    expect(validateRecord(JSON.parse(JSON.stringify(record))).ok).toBe(true);
  });

  it('a move made for an absent seat neither reads its turn mail nor counts as the seat being at the table', async () => {
    watchMail(() => {});
    const seat = GAME.actions[TRICK_TWO]!.seat;
    const address = newAddress('absent');
    const table = await tableAt(TRICK_TWO, {}, { seats: SEATS.map((s) => (s === seat ? { email: address } : {})) });
    await playersLeave(table);
    await confirmAt(table, address); // the move it owes is mailed, and nobody reads it
    await deliveriesDone(table);
    const unread = async () => (await sql<{ seat: number }>(table, 'SELECT seat FROM unread_turn_mail')).map((r) => r.seat);
    const actedAt = async () => (await actedAtOfTable(table))[seat] ?? null;
    expect(await unread()).toEqual([seat]);
    await timePasses(table, 121 * 60_000); // past the deadline: the bot moves for the seat
    expect(await sql(table, 'SELECT seat, auto FROM actions WHERE version = ?', TRICK_TWO + 1)).toEqual([{ seat, auto: 1 }]);
    expect(await unread()).toEqual([seat]);
    const acted = await actedAt();
    // Its own last action, dated back with the table's clock: not the automatic move's now.
    expect(acted === null || acted < Date.now() - 100 * 60_000, `acted_at ${acted}`).toBe(true);
  });

  it('onTimeout "wait": only the reminder; nothing moves however long it waits', async () => {
    const posts = receivers();
    const mails: { subject: string; text: string }[] = [];
    watchMail((mail: { to: string; subject: string; text: string }) => void mails.push(mail));
    const seat = GAME.actions[TRICK_TWO]!.seat;
    const address = newAddress('waits');
    const table = await tableAt(TRICK_TWO, { onTimeout: 'wait' }, { seats: SEATS.map((s) => (s === seat ? { email: address } : {})) });
    await confirmAt(table, address);
    await hookAll(table);
    await timePasses(table, 3 * HOUR);
    await deliveriesDone(table);
    expect(posts.map((p) => p.type)).toEqual(['reminder']);
    // The reminder mail asks for the move by the deadline, and promises no bot.
    const reminder = mails.find((m) => m.subject.includes('Reminder'))!;
    expect(reminder.text).toContain('Please move by');
    expect(reminder.text).not.toContain('a bot moves for you');
    await timePasses(table, 48 * HOUR); // 51 h: long past the deadline
    expect(await versionOf(table)).toBe(TRICK_TWO);
  });

  it("nothing moves while the table's admin has it paused; once resumed, the clock goes on from where it stopped", async () => {
    const table = await tableAt(TRICK_TWO);
    const admin = async (type: 'pause' | 'resume') => {
      const res = await postJson(`/api/tables/${table.tableId}/admin`, { type }, auth(table.admin.token));
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await admin('pause');
    // The move became owed 3 h ago; the pause began 2 h ago, 1 h into the move's 2-hour clock.
    const threeHoursAgo = new Date(Date.now() - 3 * HOUR).toISOString();
    await sql(table, 'UPDATE actions SET at = ?', threeHoursAgo);
    await sql(table, 'UPDATE deals SET dealt_at = ?', threeHoursAgo);
    await sql(table, 'UPDATE pauses SET paused_from = ?', Date.now() - 2 * HOUR);
    await evictDurableObject(tableStub(table.tableId));
    const paused = await view(table.tableId, table.spectator.token);
    expect([paused.paused, paused.deadline]).toEqual([true, null]);
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(await versionOf(table)).toBe(TRICK_TWO);
    // Resumed now: the hour left runs from now.
    await admin('resume');
    const deadline = Date.parse((await view(table.tableId, table.spectator.token)).deadline!);
    expect(Math.abs(deadline - (Date.now() + HOUR))).toBeLessThan(60_000);
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(await versionOf(table)).toBe(TRICK_TWO);
    // Just over that hour later the strong bot moves for the seat, marked automatic.
    await timePasses(table, HOUR + 60_000);
    expect(await versionOf(table)).toBe(TRICK_TWO + 1);
    expect((await view(table.tableId, table.spectator.token)).moves.at(-1)).toMatchObject({ seat: GAME.actions[TRICK_TWO]!.seat, auto: true });
  });
});

describe("the admin's pauses", () => {
  it(`keep only those the owed move's clock reads, at most ${MAX_PAUSES_PER_MOVE}; the deadline stays what every pause made it`, async () => {
    const table = await tableAt(TRICK_TWO);
    const admin = (type: 'pause' | 'resume') => postJson(`/api/tables/${table.tableId}/admin`, { type }, auth(table.admin.token));
    type Row = { paused_from: number; paused_until: number | null };
    const rows = () => sql<Row>(table, 'SELECT paused_from, paused_until FROM pauses ORDER BY id');
    const stops = (list: Row[]) => list.map((r) => ({ from: r.paused_from, until: r.paused_until }));
    const deadline = async () => (await view(table.tableId, table.spectator.token)).deadline;

    // The move became owed an hour ago. Ten pauses ended before: of earlier moves, no clock reads them.
    const start = Date.now() - HOUR;
    await sql(table, 'UPDATE actions SET at = ?', new Date(start).toISOString());
    await sql(table, 'UPDATE deals SET dealt_at = ?', new Date(start).toISOString());
    for (let i = 0; i < 10; i++)
      await sql(
        table,
        'INSERT INTO pauses (paused_from, paused_until) VALUES (?, ?)',
        start - 10 * HOUR + i * HOUR,
        start - 10 * HOUR + i * HOUR + 600_000,
      );
    // One across the move's start, then pauses of half a minute, up to the limit less one.
    await sql(table, 'INSERT INTO pauses (paused_from, paused_until) VALUES (?, ?)', start - 300_000, start + 60_000);
    for (let i = 0; i < MAX_PAUSES_PER_MOVE - 2; i++)
      await sql(table, 'INSERT INTO pauses (paused_from, paused_until) VALUES (?, ?)', start + 120_000 + i * 60_000, start + 150_000 + i * 60_000);
    await evictDurableObject(tableStub(table.tableId));
    const before = await rows();
    expect(await deadline()).toBe(new Date(stoppedDeadlineAt(start, 2, stops(before))!).toISOString());

    // A pause forgets the ten: what is left is read by the clock.
    expect((await admin('pause')).status).toBe(200);
    expect((await admin('resume')).status).toBe(200);
    const after = await rows();
    expect(after).toHaveLength(MAX_PAUSES_PER_MOVE);
    expect(after.slice(0, -1)).toEqual(before.slice(10));
    const expected = new Date(stoppedDeadlineAt(start, 2, stops([...before, after.at(-1)!]))!).toISOString();
    expect(await deadline(), 'the deadline of every pause made, the forgotten ones included').toBe(expected);
    await evictDurableObject(tableStub(table.tableId));
    expect(await deadline(), 'read again from storage').toBe(expected);

    // The limit: no more pauses while this move is owed.
    expect(await expectError(admin('pause'), 409, 'conflict')).toMatch(new RegExp(`at most ${MAX_PAUSES_PER_MOVE} pauses`));
    expect((await view(table.tableId, table.spectator.token)).paused).toBe(false);
    expect(await rows()).toHaveLength(MAX_PAUSES_PER_MOVE);

    // The move made, its clock starts anew: every pause so far is forgotten at the next.
    await playActions(table, GAME.actions.slice(TRICK_TWO, TRICK_TWO + 1), TRICK_TWO);
    expect((await admin('pause')).status).toBe(200);
    expect(await rows()).toEqual([{ paused_from: expect.any(Number), paused_until: null }]);
  });
});

describe('vacations', () => {
  it("stop the seat's clock: no reminder and no automatic move during one, the deadline moved by it; shown to every seat", async () => {
    const posts = receivers();
    const table = await tableAt(TRICK_TWO);
    await hookAll(table);
    const seat = GAME.actions[TRICK_TWO]!.seat;
    const before = Date.parse((await view(table.tableId, table.spectator.token)).deadline!);
    const own = await vacation(table, seat, 5);
    expect(Date.parse(own.deadline!)).toBe(before + 5 * HOUR);
    const other = await view(table.tableId, table.seats[(seat + 1) % 3]!.token);
    expect(Date.parse(other.seats[seat]!.vacationUntil!)).toBeGreaterThan(Date.now() + 5 * HOUR - 60_000);
    expect(other.seats[seat]!.vacationHoursLeft).toBe(67);
    expect(other.seats.filter((_s, i) => i !== seat).map((s) => [s.vacationUntil, s.vacationHoursLeft])).toEqual([
      [null, 72],
      [null, 72],
    ]);

    // 4 h later: past the plain deadline, but the seat is away: neither reminded nor moved for.
    await timePasses(table, 4 * HOUR);
    await deliveriesDone(table);
    expect(posts).toEqual([]);
    expect(await versionOf(table)).toBe(TRICK_TWO);
    // 6 h 40 min after the move became owed: the vacation ended 1 h 40 min ago; the reminder is due.
    await timePasses(table, 2 * HOUR + 40 * 60_000);
    await deliveriesDone(table);
    expect(posts.map((p) => [p.type, p.seat])).toEqual([['reminder', seat]]);
    expect((await view(table.tableId, table.spectator.token)).seats[seat]!.vacationUntil).toBeNull();
    expect(await versionOf(table)).toBe(TRICK_TWO);
    // 7 h 1 min: the deadline moved by the vacation has passed.
    await timePasses(table, 21 * 60_000);
    expect(await versionOf(table)).toBe(TRICK_TWO + 1);
  });

  it('end early with hours 0, giving back the whole hours not begun; more than is left is refused; a new one replaces the running one', async () => {
    const table = await tableAt(TRICK_TWO, { vacationHours: 12 });
    const taken = await vacation(table, 0, 10);
    expect(taken.seats[0]!.vacationHoursLeft).toBe(2);
    // 3 h 20 min into it: ended, it is charged 4 hours (the 4th had begun), 6 come back.
    await sql(table, 'UPDATE vacations SET from_at = from_at - ?, until_at = until_at - ?', 200 * 60_000, 200 * 60_000);
    await evictDurableObject(tableStub(table.tableId));
    const ended = await vacation(table, 0, 0);
    expect(ended.seats[0]).toMatchObject({ vacationUntil: null, vacationHoursLeft: 8 });
    expect((await vacation(table, 0, 0)).seats[0]).toMatchObject({ vacationUntil: null, vacationHoursLeft: 8 }); // again: nothing to end
    expect(await expectError(postVacation(table, 0, { hours: 9 }), 409, 'conflict')).toMatch(/8 hours of vacation left this series \(at most 12/);
    await vacation(table, 0, 5); // 3 left
    // Replaced at once: the running 5 give back 4 (the first hour has begun), so 7 are possible, 8 not.
    expect(await expectError(postVacation(table, 0, { hours: 8 }), 409, 'conflict')).toMatch(/7 hours/);
    const replaced = await vacation(table, 0, 7);
    expect(replaced.seats[0]!.vacationHoursLeft).toBe(0);
    expect(Date.parse(replaced.seats[0]!.vacationUntil!)).toBeGreaterThan(Date.now() + 7 * HOUR - 60_000);
    expect(await sql(table, 'SELECT seat, hours FROM vacations ORDER BY id')).toEqual([
      { seat: 0, hours: 4 },
      { seat: 0, hours: 1 },
      { seat: 0, hours: 7 },
    ]);
  });

  it('are pushed to every socket when taken, and again when they end by themselves', async () => {
    const table = await tableAt(TRICK_TWO);
    const sockets = await Promise.all([connect(table.tableId, table.seats[2]!.token), connect(table.tableId, table.spectator.token)]);
    for (const socket of sockets) expect((await socket.next()).view!.seats[0]!.vacationUntil).toBeNull();
    await vacation(table, 0, 2);
    for (const socket of sockets) {
      const pushed = (await socket.next()).view!;
      expect(Date.parse(pushed.seats[0]!.vacationUntil!)).toBeGreaterThan(Date.now() + 2 * HOUR - 60_000);
      expect(pushed.seats[0]!.vacationHoursLeft).toBe(70);
    }
    // Its end is what the alarm waits for first; once it has passed, every page is shown the seat back.
    const alarm = await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.getAlarm());
    expect(Math.abs(alarm! - (Date.now() + 2 * HOUR))).toBeLessThan(60_000);
    await sql(table, 'UPDATE vacations SET from_at = from_at - ?, until_at = until_at - ?', 3 * HOUR, 3 * HOUR);
    await runInDurableObject(tableStub(table.tableId), (instance: TableObject) => {
      // The table's memory holds the vacation as taken: read again, dated back (an eviction would close the sockets).
      (instance as unknown as { parts: { store: { reset(): void } } }).parts.store.reset();
    });
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    for (const socket of sockets) expect((await socket.next()).view!.seats[0]).toMatchObject({ vacationUntil: null, vacationHoursLeft: 70 });
    for (const socket of sockets) socket.close();
  });

  it("count against the link's ACTION_LIMITER budget, as actions do, and so do preferences", async () => {
    const table = await tableAt(0);
    let accepted = 0;
    for (let status = 200; status !== 429 && accepted <= 240; accepted++) status = (await postVacation(table, 0, { hours: 0 })).status;
    // Windows are aligned to the clock: a run may cross one, so up to twice the limit may pass.
    expect(accepted - 1).toBeGreaterThanOrEqual(120);
    expect(await expectError(postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false }), 429, 'rate_limited')).toMatch(
      /actions from this link/,
    );
    await expectError(putPreferences(table, 0, { autoForced: true }), 429, 'rate_limited');
    expect((await postVacation(table, 1, { hours: 1 })).status, "another seat's link has its own budget").toBe(200);
  });

  it('are refused to a spectator, a bot seat and for bad hours', async () => {
    const table = await tableAt(0, {}, { seats: [{}, {}, { bot: 'easy' }] });
    expect(await expectError(postVacation(table, 'spectator', { hours: 1 }), 403, 'forbidden')).toMatch(/spectator/);
    expect(await expectError(postVacation(table, 2, { hours: 1 }), 403, 'forbidden')).toMatch(/a bot plays this seat/);
    for (const hours of [-1, 1.5, 337, '3', null]) await expectError(postVacation(table, 0, { hours }), 400, 'bad_request');
    await expectError(postVacation(table, 0, {}), 400, 'bad_request');
    await expectError(postVacation(table, 0, { hours: 1, days: 1 }), 400, 'bad_request');
  });
});

describe('forced cards', () => {
  it('forcedCard: one card and nothing else; a knock, a kontra, a named trump or re make it a choice', () => {
    expect(forcedCard([{ type: 'play', card: 'H9' }])).toEqual({ type: 'play', card: 'H9' });
    expect(
      forcedCard([
        { type: 'play', card: 'H9' },
        { type: 'play', card: 'H9', knock: true },
      ]),
    ).toBeNull();
    expect(forcedCard([{ type: 'play', card: 'H9' }, { type: 'kontra' }])).toBeNull();
    expect(forcedCard([{ type: 'play', card: 'H9', knock: true }])).toBeNull();
    expect(forcedCard(['E', 'G', 'H', 'S'].map((trump) => ({ type: 'play', card: 'H9', trump }) as never))).toBeNull();
    expect(forcedCard([{ type: 're' }, { type: 're', re: false }])).toBeNull();
    expect(
      forcedCard([
        { type: 'play', card: 'H9' },
        { type: 'play', card: 'H7' },
      ]),
    ).toBeNull();
    expect(forcedCard([])).toBeNull();
  });

  it("an opted-in seat's forced card is played by the alarm after its drawn delay, marked automatic in its own view only until the record; without the opt-in it waits", async () => {
    const table = await tableAt(FORCED_H9 - 1, { moveDeadlineHours: undefined });
    const refused = await putPreferences(table, 'spectator', { autoForced: true });
    expect(refused.status).toBe(403);
    const res = await putPreferences(table, 0, { autoForced: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ autoForced: true });
    expect((await view(table.tableId, table.seats[0]!.token)).autoForced).toBe(true);
    expect((await view(table.tableId, table.seats[1]!.token)).autoForced).toBe(false);
    // Every move so far came at once (the log dated so): the delay is the floor, the fastest plausible human move.
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    await sql(table, 'UPDATE actions SET at = ?', minuteAgo);
    await sql(table, 'UPDATE deals SET dealt_at = ?', minuteAgo);
    await evictDurableObject(tableStub(table.tableId));
    // Seat 2 leads E: now seat 0 owes H9, its only legal card.
    await playActions(table, [GAME.actions[FORCED_H9 - 1]!], FORCED_H9 - 1);
    const owedAt = Date.parse((await sql<{ at: string }>(table, 'SELECT at FROM actions WHERE version = ?', FORCED_H9))[0]!.at);
    await alarmFor(table, (at) => at === owedAt + FORCED_DELAY.floorMs, 'the alarm for the forced card, two seconds after it became owed');
    // The alarm run before then plays nothing.
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    expect(await versionOf(table)).toBe(FORCED_H9);
    await timePasses(table, FORCED_DELAY.floorMs);
    expect(await versionOf(table)).toBe(FORCED_H9 + 1);
    expect(await sql(table, 'SELECT seat, auto FROM actions WHERE version = ?', FORCED_H9 + 1)).toEqual([{ seat: 0, auto: 2 }]);
    const h9 = { seat: 0, type: 'play', trick: 3, card: 'H9' };
    expect((await view(table.tableId, table.seats[0]!.token)).moves.at(-1)).toEqual({ ...h9, auto: true });
    // The others see a card like any other: the mark would tell them it was the seat's only one, and that it opted in.
    for (const token of [table.seats[1]!.token, table.seats[2]!.token, table.spectator.token]) {
      expect((await view(table.tableId, token)).moves.at(-1)).toEqual(h9);
    }

    // Turned off: seat 0's next forced card waits for it (trick 10: one card left each).
    expect((await putPreferences(table, 0, { autoForced: false })).status).toBe(200);
    await playActions(table, GAME.actions.slice(FORCED_H9 + 1, GAME.actions.length - 1), FORCED_H9 + 1);
    await timePasses(table, HOUR);
    expect(await versionOf(table)).toBe(GAME.actions.length - 1);
    // Once the game is over its record tells everyone which card was played for the seat; so does the final view.
    await playActions(table, GAME.actions.slice(-1), GAME.actions.length - 1);
    const [record] = await games(table.tableId, table.seats[1]!.token);
    expect(record!.actions.flatMap((a, i) => (a.auto === true ? [i] : []))).toEqual([FORCED_H9]);
    expect((await view(table.tableId, table.seats[1]!.token)).moves[FORCED_H9]).toMatchObject({ seat: 0, auto: true });
  });

  it("the delay is drawn from the seat's own pace at the table: its response times, spread by a factor, its clock stopped by its vacation", async () => {
    const table = await tableAt(FORCED_H9 - 1, { moveDeadlineHours: undefined });
    expect((await putPreferences(table, 0, { autoForced: true })).status).toBe(200);
    // Every move so far took ten minutes: the deal and the log dated so, ending ten minutes ago.
    const start = Date.now() - FORCED_H9 * 10 * 60_000;
    await sql(table, 'UPDATE deals SET dealt_at = ?', new Date(start).toISOString());
    for (let version = 1; version < FORCED_H9; version++) {
      await sql(table, 'UPDATE actions SET at = ? WHERE version = ?', new Date(start + version * 10 * 60_000).toISOString(), version);
    }
    await evictDurableObject(tableStub(table.tableId));
    await playActions(table, [GAME.actions[FORCED_H9 - 1]!], FORCED_H9 - 1);
    const owedAt = Date.parse((await sql<{ at: string }>(table, 'SELECT at FROM actions WHERE version = ?', FORCED_H9))[0]!.at);
    const delay = (await alarmFor(table, (at) => at < owedAt + HOUR, 'the alarm for the forced card')) - owedAt;
    expect(delay).toBeGreaterThanOrEqual(Math.floor(10 * 60_000 * Math.exp(-FORCED_DELAY.spread)));
    expect(delay).toBeLessThanOrEqual(Math.ceil(10 * 60_000 * Math.exp(FORCED_DELAY.spread)));
    await timePasses(table, delay - 1_000);
    expect(await versionOf(table), 'a second before the drawn time').toBe(FORCED_H9);
    // A vacation stops the seat's clock, this one too: the card comes an hour later.
    await vacation(table, 0, 1);
    await timePasses(table, 2_000);
    expect(await versionOf(table), 'a second after the drawn time, on vacation').toBe(FORCED_H9);
    await timePasses(table, HOUR);
    expect(await versionOf(table)).toBe(FORCED_H9 + 1);
  });

  it('forcedDelay: a sample of the own pool times e^±spread, the fallback for missing samples, never under the floor', () => {
    const { floorMs, fallbackMaxMs, spread, minSamples } = FORCED_DELAY;
    expect(forcedDelay([5_000, 60_000, 3_600_000], [0, 0, 0.5])).toBe(5_000);
    expect(forcedDelay([5_000, 60_000, 3_600_000], [0.99, 0, 0.5])).toBe(3_600_000);
    expect(forcedDelay([60_000, 60_000, 60_000], [0.5, 0.5, 0])).toBe(Math.round(60_000 * Math.exp(-spread)));
    expect(forcedDelay([60_000, 60_000, 60_000], [0.5, 0.5, 1])).toBe(Math.round(60_000 * Math.exp(spread)));
    expect(forcedDelay([10, 20, 30], [0.5, 0.5, 1])).toBe(floorMs);
    // One own time of minSamples (3): the rest are fallback draws, log-uniform between the floor and its maximum.
    expect(minSamples).toBe(3);
    expect(forcedDelay([60_000], [0.2, 0.9, 0.5])).toBe(60_000);
    expect(forcedDelay([60_000], [0.5, 0, 0.5])).toBe(floorMs);
    expect(forcedDelay([60_000], [0.5, 1, 0.5])).toBe(fallbackMaxMs);
    expect(forcedDelay([], [0, 0.5, 0.5])).toBe(Math.round(Math.sqrt(floorMs * fallbackMaxMs)));
  });

  it("delayDraw: the seat's secret decides the draw, the same for the same version, each of the pool's times about as often", () => {
    expect(delayDraw('secret', 7)).toEqual(delayDraw('secret', 7));
    expect(delayDraw('secret', 7)).not.toEqual(delayDraw('other secret', 7));
    const pool = [10_000, 3_600_000, 5 * 3_600_000];
    const picked = [0, 0, 0];
    for (let version = 0; version < 3_000; version++) {
      const delay = forcedDelay(pool, delayDraw('a seat token hash', version));
      const of = pool.findIndex((ms) => delay >= ms * Math.exp(-FORCED_DELAY.spread) - 1 && delay <= ms * Math.exp(FORCED_DELAY.spread) + 1);
      expect(of, `${delay} ms lies around one of the pool's times`).toBeGreaterThanOrEqual(0);
      picked[of]! += 1;
    }
    // 1,000 expected each; 3 standard deviations are ≈ 77.
    for (const count of picked) expect(Math.abs(count - 1_000)).toBeLessThan(120);
  });

  it('an opted-in seat whose drawn delay reaches past its deadline gets a timeout there, marked for everyone as a timeout is', async () => {
    const table = await tableAt(FORCED_H9 - 1);
    expect((await putPreferences(table, 0, { autoForced: true })).status).toBe(200);
    // Every move took five hours (far slower than the 2-hour clock would allow now; a clock set later).
    const start = Date.now() - FORCED_H9 * 5 * HOUR;
    await sql(table, 'UPDATE deals SET dealt_at = ?', new Date(start).toISOString());
    for (let version = 1; version < FORCED_H9; version++) {
      await sql(table, 'UPDATE actions SET at = ? WHERE version = ?', new Date(start + version * 5 * HOUR).toISOString(), version);
    }
    await evictDurableObject(tableStub(table.tableId));
    await playActions(table, [GAME.actions[FORCED_H9 - 1]!], FORCED_H9 - 1);
    await timePasses(table, 2 * HOUR + 60_000);
    expect(await sql(table, 'SELECT seat, auto FROM actions WHERE version = ?', FORCED_H9 + 1)).toEqual([{ seat: 0, auto: 1 }]);
    expect((await view(table.tableId, table.seats[1]!.token)).moves.at(-1)).toEqual({ seat: 0, type: 'play', trick: 3, card: 'H9', auto: true });
  });

  it('with the knock option, the same card is a choice (knock or not): nothing is played for the seat', async () => {
    const table = await tableAt(FORCED_H9, { knock: true, moveDeadlineHours: undefined });
    expect((await putPreferences(table, 0, { autoForced: true })).status).toBe(200);
    const own = await view(table.tableId, table.seats[0]!.token);
    expect(own.legalActions).toEqual([
      { type: 'play', card: 'H9' },
      { type: 'play', card: 'H9', knock: true },
    ]);
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(await versionOf(table)).toBe(FORCED_H9);
  });
});
