/**
 * Turn mails that respect the player (worker/table/presence.ts): none while the seat has the
 * table open (a socket with its link, hibernated too) or acted within ACTIVE_SEAT_MINUTES;
 * at most one unread turn mail per table and seat until it visits (reads its view, opens a
 * socket, acts); reminders held back while it is at the table; webhooks unchanged, every turn.
 * A turn mail held back while the seat was at the table is put off, not dropped: the alarm
 * sends it once the seat has left, if the move is still owed.
 *
 * Mails and webhooks are watched as in notifications.test.ts (the table's object runs in the
 * tests' isolate). Time cannot be moved on in workerd: a seat's last action is dated back in
 * the table's memory instead (support.ts actedAt: a woken table reads it from its log), and the
 * time a put-off mail is looked at in its storage.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { ACTIVE_SEAT_MINUTES, WATCHING_RECHECK_MS } from '../../worker/notifications/presence.js';
import type { WebhookBody } from '../../worker/notifications/webhook.js';
import { PAGE_SILENCE_MS } from '../../worker/table/sockets/sockets.js';
import { TableObject } from '../../worker/table/table-object.js';
import {
  act,
  actedAt,
  actedBack,
  confirmAt,
  connect,
  createTable,
  deliveriesDone,
  eventually,
  handMade,
  playActions,
  playersLeave,
  newAddress,
  postJson,
  pressConfirm,
  putNotifications,
  sql,
  tableFor,
  tableStub,
  view,
  type CreatedTable,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** Seat 1: it must bid once the doubling window closes (version 3), and hold or pass after seat 2's bid (version 5). */
const FOREHAND = ((GAME.dealer + 1) % 3) as Seat;

afterEach(() => {
  vi.restoreAllMocks();
});

interface SentMail {
  to: string;
  subject: string;
}

/**
 * Every mail handed to the EMAIL binding but the tables' confirmation mails (mail.test.ts:
 * they are no turn mails); while `failing()` says so, the binding refuses it.
 */
function mailbox(failing: () => boolean = () => false): SentMail[] {
  const mails: SentMail[] = [];
  vi.spyOn(TableObject.prototype as unknown as { sendEmail(message: EmailMessageBuilder): Promise<void> }, 'sendEmail').mockImplementation(
    async (message) => {
      if (failing()) throw new Error('the mail service is down');
      const mail = message as unknown as SentMail;
      if (!mail.subject.includes('confirm notifications?')) mails.push(mail);
    },
  );
  return mails;
}

/** Every webhook post's body. */
function webhooks(): WebhookBody[] {
  const bodies: WebhookBody[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    bodies.push((await new Request(input, init).json()) as WebhookBody);
    return new Response(null, { status: 204 });
  });
  return bodies;
}

const turnsTo = (bodies: WebhookBody[], seat: Seat) => bodies.filter((b) => b.type === 'turn' && b.seat === seat).map((b) => b.version);

/** A table of `record` whose seat `seat` has an address confirmed there (which mails it the move it owes) and a webhook. */
async function tableWithMail(seat: Seat, record = GAME, options: Record<string, unknown> = {}): Promise<{ table: CreatedTable; address: string }> {
  const address = newAddress(`seat${seat}`);
  const table = await createTable(
    tableFor(record, {
      options: { ...record.options, firstDealer: record.dealer, games: 1, ...options },
      seats: [0, 1, 2].map((s) => (s === seat ? { email: address } : {})),
    }),
  );
  await confirmAt(table, address);
  const res = await putNotifications(table.tableId, table.seats[seat]!.token, { webhookUrl: `https://hooks.example.com/presence/${seat}` });
  expect(res.status).toBe(200);
  await deliveriesDone(table);
  return { table, address };
}

/** Dates the seat's last action back `minutes` (from now). */
const actedMinutesAgo = (table: CreatedTable, seat: Seat, minutes: number) =>
  actedAt(table, (acted) => acted.map((t, s) => (s === seat ? Date.now() - minutes * 60_000 : t)));

/** Time passes for the table's clocks of presence: the seats' last actions and the looks at put-off turn mails move `minutes` back. */
async function minutesPass(table: CreatedTable, minutes: number): Promise<void> {
  await actedBack(table, minutes * 60_000);
  await sql(table, 'UPDATE deferred_turn_mail SET check_at = check_at - ?', minutes * 60_000);
}

const deferred = (table: CreatedTable) =>
  sql<{ seat: number; game_number: number; check_at: number }>(table, 'SELECT seat, game_number, check_at FROM deferred_turn_mail ORDER BY seat');

const alarmOf = (table: CreatedTable) => runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.getAlarm());

/** Waits until the table holds no open socket. */
const socketsClosed = (table: CreatedTable) =>
  eventually(
    async () => ((await runInDurableObject(tableStub(table.tableId), (_i, state) => state.getWebSockets().length)) === 0 ? true : undefined),
    'the socket to close',
  );

const unread = async (table: CreatedTable) =>
  (await sql<{ seat: number }>(table, 'SELECT seat FROM unread_turn_mail ORDER BY seat')).map((r) => r.seat);

describe('a seat at the table gets no turn mail; its webhook still gets every turn', () => {
  it(`acted ${ACTIVE_SEAT_MINUTES - 8} minutes ago: no turn mail; ${ACTIVE_SEAT_MINUTES + 1} minutes ago: one`, async () => {
    const mails = mailbox();
    const bodies = webhooks();
    const outcomes: number[] = [];
    for (const minutes of [ACTIVE_SEAT_MINUTES - 8, ACTIVE_SEAT_MINUTES + 1]) {
      const { table, address } = await tableWithMail(FOREHAND);
      mails.length = 0;
      bodies.length = 0;
      // Forehand doubles and bids (its deal mail read by acting); seat 2 bids: forehand's turn again.
      await playActions(table, GAME.actions.slice(0, 4), 0);
      await deliveriesDone(table);
      await actedMinutesAgo(table, FOREHAND, minutes);
      await act(table.tableId, table.seats[2]!.token, { ...GAME.actions[4]!.action, version: 4 });
      await deliveriesDone(table);
      expect(turnsTo(bodies, FOREHAND), `${minutes} minutes`).toEqual([3, 5]);
      outcomes.push(mails.filter((m) => m.to === address).length);
    }
    expect(outcomes).toEqual([0, 1]);
  });

  it('with a socket open (hibernated too) no turn mail; once it is closed, the next turn is mailed', async () => {
    const mails = mailbox();
    const bodies = webhooks();
    const { table, address } = await tableWithMail(FOREHAND);
    const stub = tableStub(table.tableId);
    expect(mails.map((m) => m.to)).toEqual([address]); // the deal: its doubling decision
    const socket = await connect(table.tableId, table.seats[FOREHAND]!.token);
    await socket.next(); // the view on connecting
    expect(await unread(table)).toEqual([]); // opening the table read the mail

    await playActions(table, GAME.actions.slice(0, 2), 0);
    await playersLeave(table);
    await evictDurableObject(stub); // the socket hibernates and stays open
    await act(table.tableId, table.seats[2]!.token, { ...GAME.actions[2]!.action, version: 2 }); // the window closes: forehand must bid
    await deliveriesDone(table);
    expect(turnsTo(bodies, FOREHAND)).toEqual([3]);
    expect(mails.map((m) => m.to)).toEqual([address]); // nothing new
    let pushed = await socket.next();
    while (pushed.view?.version !== 3) pushed = await socket.next();
    expect(pushed.view.turn).toBe(FOREHAND); // it is on the page instead

    socket.close();
    await eventually(
      async () => ((await runInDurableObject(stub, (_i, state) => state.getWebSockets().length)) === 0 ? true : undefined),
      'the socket to close',
    );
    await playActions(table, GAME.actions.slice(3, 4), 3); // forehand bids from elsewhere
    await playersLeave(table);
    await act(table.tableId, table.seats[2]!.token, { ...GAME.actions[4]!.action, version: 4 }); // forehand's turn again
    await deliveriesDone(table);
    expect(turnsTo(bodies, FOREHAND)).toEqual([3, 5]);
    expect(mails.map((m) => m.to)).toEqual([address, address]);
  });

  it(`a socket silent for ${PAGE_SILENCE_MS / 60_000} minutes (a sleeping laptop) holds no mail back; heard from again, it does`, async () => {
    const mails = mailbox();
    const bodies = webhooks();
    const { table, address } = await tableWithMail(FOREHAND);
    const stub = tableStub(table.tableId);
    const socket = await connect(table.tableId, table.seats[FOREHAND]!.token);
    await playActions(table, GAME.actions.slice(0, 2), 0);
    await playersLeave(table);
    // Time cannot be moved on in workerd: the socket opened long ago and never pinged since.
    await runInDurableObject(stub, (_i, state) => {
      for (const ws of state.getWebSockets()) {
        ws.serializeAttachment({ ...(ws.deserializeAttachment() as object), openedAt: Date.now() - PAGE_SILENCE_MS - 1_000 });
      }
    });
    await act(table.tableId, table.seats[2]!.token, { ...GAME.actions[2]!.action, version: 2 }); // forehand must bid
    await deliveriesDone(table);
    expect(mails.map((m) => m.to)).toEqual([address, address]); // the deal's, and this turn's

    // The page wakes up: its heartbeat is answered by the runtime, and the socket counts again.
    await playActions(table, GAME.actions.slice(3, 4), 3); // forehand bids (and so reads its mail)
    await playersLeave(table);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    let message = await socket.next();
    while (message.type !== 'pong') message = await socket.next();
    await act(table.tableId, table.seats[2]!.token, { ...GAME.actions[4]!.action, version: 4 }); // forehand's turn again
    await deliveriesDone(table);
    expect(mails.map((m) => m.to)).toEqual([address, address]);
    expect(turnsTo(bodies, FOREHAND)).toEqual([3, 5]);
    socket.close();
  });

  it('no reminder mail while its socket is open; its webhook is reminded', async () => {
    const mails = mailbox();
    const bodies = webhooks();
    const { table, address } = await tableWithMail(FOREHAND, GAME, { moveDeadlineHours: 2 });
    await playActions(table, GAME.actions.slice(0, 3), 0); // forehand must bid
    await deliveriesDone(table);
    const socket = await connect(table.tableId, table.seats[FOREHAND]!.token);
    mails.length = 0;
    bodies.length = 0;
    // The move became owed 100 minutes ago: the reminder is due (30 minutes before the 2-hour deadline).
    const then = Date.now() - 100 * 60_000;
    await sql(table, 'UPDATE actions SET at = ?', new Date(then).toISOString());
    await sql(table, 'UPDATE deals SET dealt_at = ?', new Date(then).toISOString());
    await evictDurableObject(tableStub(table.tableId));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
    expect(bodies.map((b) => [b.type, b.seat])).toEqual([['reminder', FOREHAND]]);
    expect(mails.filter((m) => m.to === address)).toEqual([]);
    socket.close();
  });
});

describe('at most one unread turn mail per table and seat', () => {
  /**
   * Record 02: the declarer (seat 2) leads, then seat 0 says kontra, which makes the
   * declarer's re decision its move: a turn. Before it, a turn mail reached the declarer
   * after its last action (the mail service was down, the retry went through later): unread.
   */
  const RECORD = handMade('02-raised-contract-kontra-re');
  const DECLARER = RECORD.declarer!;
  const KONTRA = RECORD.actions.findIndex((a) => a.action.type === 'kontra');

  async function declarerWithUnreadMail(): Promise<{ table: CreatedTable; address: string; mails: SentMail[]; bodies: WebhookBody[] }> {
    expect([DECLARER, KONTRA, RECORD.actions[KONTRA]!.seat]).toEqual([2, 9, 0]);
    let down = true;
    const mails = mailbox(() => down);
    const bodies = webhooks();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const address = newAddress('declarer');
    const table = await createTable(tableFor(RECORD, { seats: [{}, {}, { email: address }] }));
    await pressConfirm(table, address); // the move it owes is mailed: it fails
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries'))[0]?.e ? true : undefined),
      'the failure',
    );
    down = false;
    await playActions(table, RECORD.actions.slice(0, KONTRA), 0); // up to the declarer's lead
    await sql(table, 'UPDATE deliveries SET next_attempt_at = 0');
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
    expect(mails.map((m) => m.to)).toEqual([address]); // the deal's turn mail, late
    expect(await unread(table)).toEqual([DECLARER]);
    const hooked = await putNotifications(table.tableId, table.seats[DECLARER]!.token, { webhookUrl: 'https://hooks.example.com/presence/declarer' });
    expect(hooked.status).toBe(200);
    await playersLeave(table, true);
    await evictDurableObject(tableStub(table.tableId)); // the mark is kept in storage
    return { table, address, mails, bodies };
  }

  const kontra = (table: CreatedTable) => act(table.tableId, table.seats[0]!.token, { ...RECORD.actions[KONTRA]!.action, version: KONTRA });

  it('a second turn while the first mail is unread: no mail (the overview is no visit); its webhook is told', async () => {
    const { table, address, mails, bodies } = await declarerWithUnreadMail();
    const overview = await postJson('/api/tables/overview', { links: [{ tableId: table.tableId, token: table.seats[DECLARER]!.token }] });
    expect(overview.status).toBe(200);
    await kontra(table);
    await deliveriesDone(table);
    expect(turnsTo(bodies, DECLARER)).toEqual([KONTRA + 1]);
    expect(mails.map((m) => m.to)).toEqual([address]);
    expect(await unread(table)).toEqual([DECLARER]);
  });

  it('after the seat read its view, the next turn is mailed again', async () => {
    const { table, address, mails, bodies } = await declarerWithUnreadMail();
    await view(table.tableId, table.seats[DECLARER]!.token);
    expect(await unread(table)).toEqual([]);
    await kontra(table);
    await deliveriesDone(table);
    expect(turnsTo(bodies, DECLARER)).toEqual([KONTRA + 1]);
    expect(mails.map((m) => m.to)).toEqual([address, address]);
    expect(mails[1]!.subject).toContain('your turn');
    expect(await unread(table)).toEqual([DECLARER]);
  });

  it('a turn while the seat is at the table and its last mail unread is not put off either: no mail after the alarm', async () => {
    const { table, address, mails } = await declarerWithUnreadMail();
    // The declarer led a minute before its late mail arrived: at the table when kontra comes.
    await actedMinutesAgo(table, DECLARER, 1);
    await kontra(table);
    await deliveriesDone(table);
    expect(await deferred(table)).toEqual([]);
    await minutesPass(table, ACTIVE_SEAT_MINUTES + 1);
    await runDurableObjectAlarm(tableStub(table.tableId));
    await deliveriesDone(table);
    expect(mails.map((m) => m.to)).toEqual([address]);
    expect(await unread(table)).toEqual([DECLARER]);
  });

  it('opening a socket with its link, or acting, reads it too; another link does not', async () => {
    const mails = mailbox();
    webhooks();
    const { table } = await tableWithMail(FOREHAND);
    expect(mails).toHaveLength(1);
    expect(await unread(table)).toEqual([FOREHAND]);
    await view(table.tableId, table.seats[0]!.token);
    await view(table.tableId, table.spectator.token);
    const other = await connect(table.tableId, table.seats[2]!.token);
    expect(await unread(table)).toEqual([FOREHAND]);
    const own = await connect(table.tableId, table.seats[FOREHAND]!.token);
    expect(await unread(table)).toEqual([]);
    for (const socket of [other, own]) socket.close();

    const second = await tableWithMail(FOREHAND);
    expect(await unread(second.table)).toEqual([FOREHAND]);
    const byForehand = GAME.actions.findIndex((a) => a.seat === FOREHAND);
    await playActions(second.table, GAME.actions.slice(0, byForehand + 1), 0);
    expect(await unread(second.table)).toEqual([]);
  });
});

describe('a turn mail held back while the seat was at the table is put off, not dropped', () => {
  /**
   * Correspondence play: forehand doubles and bids (version 3), seat 2 bids at once, and the
   * move is forehand's again (version 5), a minute after it acted: it counts as at the table.
   */
  async function forehandOwesRightAfterActing() {
    const mails = mailbox();
    const bodies = webhooks();
    const { table, address } = await tableWithMail(FOREHAND);
    expect(GAME.actions.slice(3, 6).map((a) => a.seat)).toEqual([FOREHAND, 2, FOREHAND]);
    await playActions(table, GAME.actions.slice(0, 5), 0);
    await deliveriesDone(table);
    expect(turnsTo(bodies, FOREHAND)).toEqual([3, 5]); // its webhook is told at once
    const toForehand = () => mails.filter((m) => m.to === address);
    expect(toForehand()).toHaveLength(1); // the deal's; version 3's and 5's mails wait
    const [waiting] = await deferred(table);
    expect(await deferred(table)).toHaveLength(1);
    expect(waiting!.seat).toBe(FOREHAND);
    const acted = (await actedAt(table))[FOREHAND]!;
    expect(waiting!.check_at).toBe(acted + ACTIVE_SEAT_MINUTES * 60_000); // when it stops counting as at the table
    expect(Math.abs((await alarmOf(table))! - waiting!.check_at)).toBeLessThanOrEqual(1_000); // the alarm is set for it
    return { table, address, toForehand };
  }

  it(`the others answer within minutes: no mail now; once ${ACTIVE_SEAT_MINUTES} minutes have passed, the alarm sends exactly one`, async () => {
    const { table, toForehand } = await forehandOwesRightAfterActing();
    const stub = tableStub(table.tableId);
    expect(await runDurableObjectAlarm(stub)).toBe(true); // woken early (as by a retry): too soon, it waits on
    expect(await deferred(table)).toHaveLength(1);
    await evictDurableObject(stub); // kept in storage
    await minutesPass(table, ACTIVE_SEAT_MINUTES + 1);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await deliveriesDone(table);
    const mails = toForehand();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('your turn');
    expect(await deferred(table)).toEqual([]);
    expect(await unread(table)).toEqual([FOREHAND]); // a turn mail like any: none more until it visits

    await minutesPass(table, ACTIVE_SEAT_MINUTES + 1);
    await runDurableObjectAlarm(stub);
    await deliveriesDone(table);
    expect(toForehand()).toHaveLength(2);
  });

  it('the seat makes its move before the alarm: no mail at all', async () => {
    const { table, toForehand } = await forehandOwesRightAfterActing();
    await act(table.tableId, table.seats[FOREHAND]!.token, { ...GAME.actions[5]!.action, version: 5 });
    expect(await deferred(table)).toEqual([]);
    await minutesPass(table, ACTIVE_SEAT_MINUTES + 1);
    await runDurableObjectAlarm(tableStub(table.tableId));
    await deliveriesDone(table);
    expect(toForehand()).toHaveLength(1);
  });

  /** Forehand's page is open when its move becomes owed (version 3); it last acted long ago. */
  async function forehandWatching() {
    const mails = mailbox();
    webhooks();
    const { table, address } = await tableWithMail(FOREHAND);
    const socket = await connect(table.tableId, table.seats[FOREHAND]!.token);
    await socket.next(); // the view on connecting
    await playActions(table, GAME.actions.slice(0, 2), 0);
    await playersLeave(table);
    const before = Date.now();
    await act(table.tableId, table.seats[2]!.token, { ...GAME.actions[2]!.action, version: 2 }); // the window closes: forehand must bid
    await deliveriesDone(table);
    const toForehand = () => mails.filter((m) => m.to === address);
    expect(toForehand()).toHaveLength(1); // the deal's only: the page shows the move
    const [waiting] = await deferred(table);
    expect(waiting!.check_at).toBeGreaterThanOrEqual(before + WATCHING_RECHECK_MS);
    return { table, socket, toForehand };
  }

  /** The page is closed, the recheck period passes, and the table's alarm runs with its deliveries. */
  async function closeAndLetTheAlarmLook(table: Awaited<ReturnType<typeof forehandWatching>>['table'], socket: { close(): void }) {
    socket.close();
    await socketsClosed(table);
    await minutesPass(table, WATCHING_RECHECK_MS / 60_000 + 1);
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
  }

  it('the page that was open is closed: the alarm sends the mail', async () => {
    const { table, socket, toForehand } = await forehandWatching();
    await closeAndLetTheAlarmLook(table, socket);
    expect(toForehand()).toHaveLength(2);
    expect(await deferred(table)).toEqual([]);
  });

  it('the page is still open and heard from when the alarm looks: no mail yet, and it looks again later', async () => {
    const { table, socket, toForehand } = await forehandWatching();
    await minutesPass(table, WATCHING_RECHECK_MS / 60_000 + 1);
    socket.ws.send(JSON.stringify({ type: 'ping' })); // the page's heartbeat
    let message = await socket.next();
    while (message.type !== 'pong') message = await socket.next();
    const looked = Date.now();
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
    expect(toForehand()).toHaveLength(1);
    const [again] = await deferred(table);
    expect(again!.check_at).toBeGreaterThanOrEqual(looked + WATCHING_RECHECK_MS);
    expect(Math.abs((await alarmOf(table))! - again!.check_at)).toBeLessThanOrEqual(1_000);

    await closeAndLetTheAlarmLook(table, socket);
    expect(toForehand()).toHaveLength(2);
  });
});
