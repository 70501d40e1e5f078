/**
 * Turn notifications (API.md, "Webhooks"): signed webhook posts with the seat's own view,
 * retries with the same webhook-id, game_over and table_over, reminders before the
 * deadline, and mails through the EMAIL binding that carry the seat's link and never a card.
 *
 * workerd cannot run a local receiver, and the table's Durable Object runs in the tests'
 * isolate: replacing globalThis.fetch here replaces the fetch the table posts webhooks with,
 * and a spy on TableObject.prototype.sendEmail sees every mail handed to the EMAIL binding.
 * Mail goes only to addresses confirmed at the table (mail.test.ts): each test confirms fresh ones there.
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { cardCodesIn } from '../../shared/view.js';
import { app } from '../../worker/app.js';
import { ViewSchema, WebhookBodySchema } from '../../worker/schemas/index.js';
import type { EventType } from '../../worker/model/table.js';
import type { WebhookBody } from '../../worker/notifications/webhook.js';
import { TABLE_WEBHOOKS_PER_MINUTE } from '../../worker/model/limits.js';
import {
  cardsInText,
  act,
  anHourPassesFor,
  confirmAt,
  type CreatedTable,
  createTable,
  eventually,
  expectOnlyCards,
  handMade,
  isolated,
  isOwnTable,
  knowable,
  newAddress,
  ORIGIN,
  playActions,
  playAway,
  playersLeave,
  pressConfirm,
  putNotifications,
  request,
  sql,
  tableFor,
  tableStub,
  type TableView,
  view,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
const FOREHAND = ((GAME.dealer + 1) % 3) as Seat;
const SEATS: Seat[] = [0, 1, 2];
const hookUrl = (seat: Seat, tag = '') => `https://hooks.example.com/wallachen/${seat}${tag}`;

afterEach(() => {
  vi.restoreAllMocks();
});

interface Post {
  url: string;
  headers: Record<string, string>;
  text: string;
  body: WebhookBody;
}

/**
 * Stands in for every webhook receiver: records each POST about a table of this file and
 * answers `status(post, n)` (n: how many posts came before it), 204 by default; a post about
 * another file's table is answered 204 and not recorded (support.ts: isOwnTable).
 */
function receivers(status: (post: Post, n: number) => number | Promise<number> = () => 204): Post[] {
  const posts: Post[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const post: Post = { url: request.url, headers: Object.fromEntries(request.headers), text, body: JSON.parse(text) as WebhookBody };
    if (!isOwnTable(post.body.tableId)) return new Response(null, { status: 204 });
    const n = posts.length;
    posts.push(post);
    return new Response(null, { status: await status(post, n) });
  });
  return posts;
}

interface SentMail {
  from: string | { name: string; email: string };
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** Records every mail the table hands to the EMAIL binding (instead of sending it). */
function mailbox(): SentMail[] {
  const mails: SentMail[] = [];
  watchMail((mail: SentMail) => void mails.push(mail));
  return mails;
}

/** Sets every seat's webhook; answers the secrets (whsec_…). */
async function hookAll(table: CreatedTable, seats: Seat[] = SEATS): Promise<Map<Seat, string>> {
  const secrets = new Map<Seat, string>();
  for (const seat of seats) {
    const res = await putNotifications(table.tableId, table.seats[seat]!.token, { webhookUrl: hookUrl(seat) });
    expect(res.status).toBe(200);
    secrets.set(seat, ((await res.json()) as { webhookSecret: string }).webhookSecret);
  }
  return secrets;
}

const waiting = async (table: CreatedTable) => (await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM deliveries'))[0]!.n;
/** Waits until every queued delivery was made (or given up). */
const delivered = (table: CreatedTable) => eventually(async () => ((await waiting(table)) === 0 ? true : undefined), 'every delivery to be made');
const alarmIn = async (table: CreatedTable) => {
  const at = await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.getAlarm());
  return at === null ? null : at - Date.now();
};
/** Nothing waits but retention: the alarm rings only when the table has been idle for RETENTION_DAYS (180). */
const expectIdleAlarm = async (table: CreatedTable) => expect(await alarmIn(table)).toBeGreaterThan(179 * 86_400_000);
/**
 * Time cannot be moved on in workerd: date the move owed `minutes` back (in storage, read
 * again after an eviction), then run the real alarm. Answers the time the move is now owed since.
 */
async function owedSince(table: CreatedTable, minutes: number): Promise<string> {
  const then = new Date(Date.now() - minutes * 60_000).toISOString();
  await sql(table, 'UPDATE actions SET at = ?', then);
  await sql(table, 'UPDATE deals SET dealt_at = ?', then);
  await evictDurableObject(tableStub(table.tableId));
  expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
  return then;
}

/** Time cannot be moved on in workerd: make every waiting delivery due, then run the real alarm. */
async function retryNow(table: CreatedTable): Promise<void> {
  await sql(table, 'UPDATE deliveries SET next_attempt_at = 0');
  expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
}

/** A seat owes a move when it is offered one that is not kontra (a chance, R8.1); re or no re after a kontra is owed (R8.2). */
const owesMove = (v: TableView) => v.legalActions.some((a) => a.type !== 'kontra');
const ofType = (posts: Post[], type: EventType) => posts.filter((p) => p.body.type === type);

/** The words of a text that are card codes ("H10", "EA", …): a mail must have none. */

describe('webhooks', () => {
  it("a whole game: turn to exactly the seat that must act now, signed, with only that seat's view; then game_over and table_over", async () => {
    const posts = receivers();
    const table = await createTable(tableFor(GAME));
    const secrets = await hookAll(table);
    await delivered(table);
    expect(posts).toEqual([]); // setting a webhook sends nothing

    // Play the game, noting after each action who owes a move (from the views the API serves).
    const expectedTurns: { version: number; seat: Seat }[] = [];
    let owed = SEATS.filter(() => true); // doubling: everyone, from the deal on
    for (const [i, { seat, action }] of GAME.actions.entries()) {
      await act(table.tableId, table.seats[seat]!.token, { ...action, version: i });
      const views = await Promise.all(SEATS.map((s) => view(table.tableId, table.seats[s]!.token)));
      const now = SEATS.filter((s) => owesMove(views[s]!));
      for (const s of now) if (!owed.includes(s)) expectedTurns.push({ version: i + 1, seat: s });
      owed = now;
    }
    await delivered(table);

    const turns = ofType(posts, 'turn');
    expect(turns.map((p) => ({ version: p.body.version, seat: p.body.seat }))).toEqual(expectedTurns);
    // After the three doubling decisions forehand must bid, and is told so.
    expect(turns[0]!.body).toMatchObject({ type: 'turn', seat: FOREHAND, version: 3, gameNumber: 1, tableId: table.tableId });
    expect(turns[0]!.body.view.turn).toBe(FOREHAND);
    expect(turns.length).toBeGreaterThan(15);

    for (const post of posts) {
      const { seat } = post.body;
      expect(post.url).toBe(hookUrl(seat));
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      // Standard Webhooks: the receiver checks the signature with the secret it was given.
      expect(new Webhook(secrets.get(seat)!).verify(post.text, post.headers)).toEqual(post.body);
      expect(() => new Webhook(secrets.get(((seat + 1) % 3) as Seat)!).verify(post.text, post.headers)).toThrow();
      expect(Object.keys(post.body).sort()).toEqual(
        post.body.type === 'game_over'
          ? ['dealIndex', 'gameNumber', 'seat', 'tableId', 'type', 'version', 'view']
          : ['gameNumber', 'seat', 'tableId', 'type', 'version', 'view'],
      );
      // As documented (WebhookBody of /api/openapi.json), field for field.
      const documented = WebhookBodySchema.safeParse(post.body);
      expect(documented.success, JSON.stringify(documented.error?.issues)).toBe(true);
      expect(Object.keys(post.body.view).sort()).toEqual(Object.keys(ViewSchema.shape).sort());
      // The seat's own view at that version, and no card it may not see (R10.2).
      expect(post.body.view.seat).toBe(seat);
      expect(post.body.view.version).toBe(post.body.version);
      expectOnlyCards(
        cardCodesIn(post.body),
        knowable(GAME, seat, post.body.version),
        `the ${post.body.type} post to seat ${seat} at version ${post.body.version}`,
      );
    }
    expect(new Set(posts.map((p) => p.headers['webhook-id'])).size).toBe(posts.length);

    const end = GAME.actions.length;
    expect(ofType(posts, 'game_over').map((p) => p.body)).toEqual(
      SEATS.map((seat) => expect.objectContaining({ type: 'game_over', seat, version: end, gameNumber: 1, dealIndex: 0 })),
    );
    expect(ofType(posts, 'table_over').map((p) => p.body)).toEqual(
      SEATS.map((seat) => expect.objectContaining({ type: 'table_over', seat, version: end })),
    );
    expect(ofType(posts, 'table_over')[0]!.body.view).toMatchObject({ phase: 'finished', seriesOver: true });
  });

  it('an all-pass redeal is a game_over, and the redeal tells every seat its turn', async () => {
    const record = handMade('10-pot-redeal');
    const posts = receivers();
    const table = await createTable(tableFor(record));
    await hookAll(table);
    await playActions(table, record.actions, 0);
    await delivered(table);
    const last = posts.filter((p) => p.body.version === record.actions.length);
    expect(last.map((p) => [p.body.type, p.body.seat])).toEqual([
      ['game_over', 0],
      ['game_over', 1],
      ['game_over', 2],
      ['turn', 0],
      ['turn', 1],
      ['turn', 2],
    ]);
    expect(ofType(last, 'game_over')[0]!.body).toMatchObject({ gameNumber: 1, dealIndex: 0 });
    // The view is the redeal's (game 1 again, doubling), never the finished deal's cards of others.
    for (const post of last) {
      expect(post.body.view).toMatchObject({ phase: 'doubling', gameNumber: 1 });
      expect(post.body.view.hand).toHaveLength(3);
    }
  });

  it('retries a failing receiver with backoff (first retry within 30 s), the same webhook-id and body each time, signed afresh', async () => {
    const posts = receivers((_post, n) => (n < 2 ? 500 : 204));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    const secrets = await hookAll(table, [FOREHAND]);
    await playActions(table, GAME.actions.slice(0, 3), 0); // the doubling: forehand must bid now
    await eventually(async () => (posts.length === 1 ? true : undefined), 'the first attempt');
    const row = async () =>
      (
        await sql<{ attempts: number; next_attempt_at: number; last_error: string }>(
          table,
          'SELECT attempts, next_attempt_at, last_error FROM deliveries',
        )
      )[0];
    await eventually(async () => ((await row())?.last_error ? true : undefined), 'the first failure to be noted');
    expect((await row())!.attempts).toBe(1);
    expect((await row())!.last_error).toBe('DeliveryFailed: HTTP 500');
    const first = await alarmIn(table);
    expect(first).toBeGreaterThan(8_000);
    expect(first).toBeLessThanOrEqual(10_100); // first retry after 10 s

    await retryNow(table);
    expect(posts).toHaveLength(2);
    const second = await alarmIn(table);
    expect(second).toBeGreaterThan(28_000);
    expect(second).toBeLessThanOrEqual(30_100); // then 30 s

    await retryNow(table);
    expect(posts).toHaveLength(3);
    expect(await waiting(table)).toBe(0);
    await expectIdleAlarm(table);

    expect(new Set(posts.map((p) => p.headers['webhook-id'])).size).toBe(1);
    expect(new Set(posts.map((p) => p.text)).size).toBe(1);
    for (const post of posts) expect(new Webhook(secrets.get(FOREHAND)!).verify(post.text, post.headers)).toEqual(post.body);
    expect(posts[0]!.body).toMatchObject({ type: 'turn', seat: FOREHAND, version: 3 });

    // Logs say what failed, never the address, the secret, a token or a card.
    const logged = warn.mock.calls.flat().join('\n');
    expect(logged).toMatch(/webhook turn #\d+ to seat \d failed \(attempt 1\): DeliveryFailed: HTTP 500; next attempt in 10 s/);
    expect(logged).not.toContain('hooks.example.com');
    for (const secret of [...secrets.values(), ...table.seats.map((s) => s.token)]) expect(logged).not.toContain(secret);
    expect(cardsInText(logged)).toEqual(new Set());
  });

  it('a network error or a redirect counts as a failure; after the last attempt the delivery is dropped', async () => {
    let answer: 'throw' | 302 = 'throw';
    const posts = receivers(() => {
      if (answer === 'throw') throw new TypeError('connection refused');
      return answer;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    await hookAll(table, [FOREHAND]);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries'))[0]?.e ? true : undefined),
      'the first failure',
    );
    expect((await sql<{ e: string }>(table, 'SELECT last_error AS e FROM deliveries'))[0]!.e).toMatch(/network error: TypeError: connection refused/);

    answer = 302;
    await sql(table, 'UPDATE deliveries SET attempts = 7');
    await retryNow(table); // the 8th attempt
    expect(posts).toHaveLength(2);
    expect(await waiting(table)).toBe(0);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/dropped after attempt 8: DeliveryFailed: HTTP 302/);
  });

  it('one failing or slow receiver holds up no other seat', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowSeat = FOREHAND;
    const posts = receivers(async (post) => {
      if (post.body.seat === slowSeat) await held;
      return 204;
    });
    const table = await createTable(tableFor(GAME));
    await hookAll(table);
    await playActions(table, GAME.actions.slice(0, 3), 0); // forehand's turn: its receiver hangs
    await eventually(async () => (posts.length === 1 ? true : undefined), "forehand's post");
    // Forehand bids while its own receiver still hangs: the next seat is told at once.
    const bid = GAME.actions[3]!;
    expect(bid.seat).toBe(FOREHAND);
    await act(table.tableId, table.seats[bid.seat]!.token, bid.action);
    const next = await eventually(async () => posts.find((p) => p.body.seat !== slowSeat), "the next seat's post");
    expect(next.body).toMatchObject({ type: 'turn', version: 4 });
    expect(await waiting(table)).toBe(1); // forehand's, still in flight
    // Guarded by the alarm: should the table's object die mid-attempt, the alarm makes it again.
    const guard = await alarmIn(table);
    expect(guard).toBeGreaterThan(10_000);
    expect(guard).toBeLessThanOrEqual(15_100);
    release();
    await delivered(table);
    // Then only retention waits (RETENTION_DAYS, 180).
    await eventually(async () => (((await alarmIn(table)) ?? 0) > 179 * 86_400_000 ? true : undefined), 'the guard to go');
  });

  it('a changed webhook URL gets what waits at once, with the same webhook-id; a removed one drops it', async () => {
    const posts = receivers((post) => (post.url.endsWith('/new') ? 204 : 503));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    const secrets = await hookAll(table, [FOREHAND]);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries'))[0]?.e ? true : undefined),
      'the first failure',
    );

    const res = await putNotifications(table.tableId, table.seats[FOREHAND]!.token, { webhookUrl: hookUrl(FOREHAND, '/new') });
    expect(((await res.json()) as { webhookSecret: string }).webhookSecret).toBe(secrets.get(FOREHAND)); // the secret stays
    await delivered(table);
    expect(posts.map((p) => p.url)).toEqual([hookUrl(FOREHAND), hookUrl(FOREHAND, '/new')]);
    expect(posts[1]!.headers['webhook-id']).toBe(posts[0]!.headers['webhook-id']);
    expect(new Webhook(secrets.get(FOREHAND)!).verify(posts[1]!.text, posts[1]!.headers)).toEqual(posts[0]!.body);

    // Failing again, then removed: what waited is dropped.
    await putNotifications(table.tableId, table.seats[FOREHAND]!.token, { webhookUrl: hookUrl(FOREHAND, '/broken') });
    const bid = GAME.actions[3]!;
    await act(table.tableId, table.seats[bid.seat]!.token, bid.action);
    const answerer = GAME.actions[4]!.seat;
    await putNotifications(table.tableId, table.seats[answerer]!.token, { webhookUrl: hookUrl(answerer, '/broken') });
    await act(table.tableId, table.seats[answerer]!.token, GAME.actions[4]!.action);
    await eventually(async () => ((await waiting(table)) > 0 ? true : undefined), 'a waiting delivery');
    for (const seat of SEATS) await putNotifications(table.tableId, table.seats[seat]!.token, { webhookUrl: null });
    expect(await waiting(table)).toBe(0);
  });

  it('a URL changed while an attempt to the old one is still under way: when that fails, the new one gets it at once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const posts = receivers(async (post) => {
      if (post.url.endsWith('/new')) return 204;
      await held;
      return 500;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    await hookAll(table, [FOREHAND]);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await eventually(async () => (posts.length === 1 ? true : undefined), 'the attempt to the old URL');
    await putNotifications(table.tableId, table.seats[FOREHAND]!.token, { webhookUrl: hookUrl(FOREHAND, '/new') });
    release();
    await delivered(table); // by the alarm, a moment later: no backoff
    expect(posts.map((p) => p.url)).toEqual([hookUrl(FOREHAND), hookUrl(FOREHAND, '/new')]);
    expect(posts[1]!.headers['webhook-id']).toBe(posts[0]!.headers['webhook-id']);
  });

  it('at most 50 deliveries wait per seat and channel: a receiver down for long loses the oldest', async () => {
    receivers(() => 500);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    await hookAll(table, [FOREHAND]);
    for (let i = 0; i < 50; i++) {
      await sql(
        table,
        "INSERT INTO deliveries (message_id, seat, channel, type, payload, next_attempt_at) VALUES (?, ?, 'webhook', 'turn', '{}', ?)",
        `msg_old${i}`,
        FOREHAND,
        Date.now() + 3_600_000,
      );
    }
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries WHERE attempts > 0'))[0]?.e ? true : undefined),
      'the new one to fail',
    );
    const ids = (await sql<{ m: string }>(table, 'SELECT message_id AS m FROM deliveries ORDER BY id')).map((r) => r.m);
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe('msg_old1');
    expect(warn.mock.calls.flat().join('\n')).toMatch(new RegExp(`seat ${FOREHAND}'s webhook fails; dropped its 1 oldest waiting deliveries`));
  });

  it('deliveries wait in storage: an evicted table sends them from its alarm', async () => {
    const posts = receivers((_p, n) => (n === 0 ? 500 : 204));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    await hookAll(table, [FOREHAND]);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries'))[0]?.e ? true : undefined),
      'the first failure',
    );
    await evictDurableObject(tableStub(table.tableId));
    await retryNow(table);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['webhook-id']).toBe(posts[0]!.headers['webhook-id']);
    expect(await waiting(table)).toBe(0);
  });
});

describe('reminders', () => {
  it('with moveDeadlineHours, the seats that owe a move are reminded before the deadline, once per move', async () => {
    const posts = receivers();
    const mails = mailbox();
    const sepp = newAddress('sepp');
    const table = await createTable(
      tableFor(GAME, {
        options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 2 },
        seats: SEATS.map((s) => (s === FOREHAND ? { email: sepp } : {})),
      }),
    );
    await confirmAt(table, sepp);
    await hookAll(table);
    await playActions(table, GAME.actions.slice(0, 2), 0);
    await playersLeave(table); // away when its move becomes owed: its turn mail goes at once, none is put off for later (presence.ts)
    await playActions(table, GAME.actions.slice(2, 3), 2); // forehand must bid
    await delivered(table);
    posts.length = 0;
    mails.length = 0;

    // The alarm waits for the reminder: 2 h deadline, reminded half an hour before it.
    const alarm = await alarmIn(table);
    expect(alarm).toBeGreaterThan(1.5 * 3_600_000 - 5_000);
    expect(alarm).toBeLessThanOrEqual(1.5 * 3_600_000);
    // An early alarm (another retry, say) reminds nobody yet.
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await delivered(table);
    expect(posts).toEqual([]);

    // Time passes: the move became owed 1 h 40 min ago.
    const then = await owedSince(table, 100);
    await delivered(table);

    expect(posts.map((p) => [p.body.type, p.body.seat, p.body.version])).toEqual([['reminder', FOREHAND, 3]]);
    const deadline = Date.parse(posts[0]!.body.view.deadline!);
    expect(deadline).toBe(Date.parse(then) + 2 * 3_600_000);
    expect(deadline).toBeGreaterThan(Date.now()); // before the deadline
    expectOnlyCards(cardCodesIn(posts[0]!.body), knowable(GAME, FOREHAND, 3), 'the reminder');
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [sepp, 'Wallachen: Erinnerung (Zugfrist 2 Stunden) / Reminder (Move deadline 2 hours): your move at Wallachen'],
    ]);
    expect(mails[0]!.text).toContain('Der Tisch ist auf „Zugfrist 2 Stunden“ gestellt.');
    expect(mails[0]!.text).toContain('The table is set to "Move deadline 2 hours".');
    // onTimeout "bot" (the default): the mail says what happens at the deadline.
    expect(mails[0]!.text).toContain('Ziehst du bis dahin nicht, zieht ein Bot für dich.');
    expect(mails[0]!.text).toContain('If you have not moved by then, a bot moves for you.');
    expect(mails[0]!.text).toContain(`Bitte zieh bis ${posts[0]!.body.view.deadline!.slice(0, 16).replace('T', ' ')} UTC.`);
    expect(mails[0]!.text).toContain(table.seats[FOREHAND]!.url);

    // Once per move: no second reminder. The alarm now waits only for the deadline itself, when
    // the strong bot moves for the seat (onTimeout "bot", the default: deadlines.test.ts).
    expect(Math.abs((await alarmIn(table))! - (deadline - Date.now()))).toBeLessThan(5_000);
    posts.length = 0;
    // The next move gets its own reminder time.
    const bid = GAME.actions[3]!;
    await act(table.tableId, table.seats[bid.seat]!.token, bid.action);
    await delivered(table);
    expect(ofType(posts, 'reminder')).toEqual([]);
    const next = await alarmIn(table);
    expect(next).toBeGreaterThan(1.5 * 3_600_000 - 5_000);
  });

  it('without a deadline, or with nobody to tell, no alarm waits for a reminder', async () => {
    const plain = await createTable(tableFor(GAME));
    await hookAll(plain);
    await expectIdleAlarm(plain);
    // onTimeout "wait": with "bot" the alarm waits for the deadline, when the bot moves (deadlines.test.ts).
    const unreachable = await createTable(
      tableFor(GAME, { options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 1, onTimeout: 'wait' } }),
    );
    await eventually(async () => ((await tableStub(unreachable.tableId).pendingHistory()) === 0 ? true : undefined), 'the table row to reach D1');
    await expectIdleAlarm(unreachable);
  });
});

describe("the declarer's re decision (R8.2)", () => {
  it('a kontra tells the declarer by webhook and mail that it must decide on re; the deadline runs and it is reminded; the decision tells the seat to play on', async () => {
    const record = handMade('14-named-trump-kontra-no-re');
    const declarer = record.declarer!;
    const kontraAt = record.actions.findIndex((a) => a.action.type === 'kontra');
    const kontra = record.actions[kontraAt]!;
    // Seat 2 says kontra while seat 1's card is awaited: the declarer (seat 0) was not on turn.
    expect([declarer, kontra.seat]).toEqual([0, 2]);
    const posts = receivers();
    const mails = mailbox();
    const vroni = newAddress('vroni');
    const table = await createTable(
      tableFor(record, {
        options: { ...record.options, firstDealer: record.dealer, games: 1, moveDeadlineHours: 2 },
        seats: SEATS.map((s) => (s === declarer ? { email: vroni } : {})),
      }),
    );
    await confirmAt(table, vroni);
    await hookAll(table);
    await playAway(table, record.actions.slice(0, kontraAt), 0);
    posts.length = 0;
    mails.length = 0;

    const before = Date.now();
    await playAway(table, [kontra], kontraAt);
    expect(posts.map((p) => [p.body.type, p.body.seat, p.body.version])).toEqual([['turn', declarer, kontraAt + 1]]);
    const told = posts[0]!.body.view;
    expect(told).toMatchObject({ turn: declarer, kontra: kontra.seat, legalActions: [{ type: 're' }, { type: 're', re: false }] });
    const deadline = Date.parse(told.deadline!);
    expect(deadline).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    expect(mails.map((m) => m.to)).toEqual([vroni]);
    expect(mails[0]!.subject).toContain('your turn');

    // The decision is owed like any move: reminded before its deadline.
    posts.length = 0;
    mails.length = 0;
    const alarm = await alarmIn(table);
    expect(alarm).toBeGreaterThan(1.5 * 3_600_000 - 5_000);
    expect(alarm).toBeLessThanOrEqual(1.5 * 3_600_000);
    await owedSince(table, 100);
    await delivered(table);
    expect(posts.map((p) => [p.body.type, p.body.seat, p.body.version])).toEqual([['reminder', declarer, kontraAt + 1]]);
    expect(mails.map((m) => m.to)).toEqual([vroni]);

    // No re: play goes on with seat 1's card, and seat 1 is told.
    posts.length = 0;
    const decision = record.actions[kontraAt + 1]!;
    expect(decision).toEqual({ seat: declarer, action: { type: 're', re: false } });
    await act(table.tableId, table.seats[declarer]!.token, { ...decision.action, version: kontraAt + 1 });
    await delivered(table);
    expect(posts.map((p) => [p.body.type, p.body.seat, p.body.version])).toEqual([['turn', record.actions[kontraAt + 2]!.seat, kontraAt + 2]]);
  });
});

describe('mail', () => {
  const NAMES = ['Vroni', 'Sepp', 'Resi'];
  /** The three seats' addresses, new (confirmed at a table with confirmAt). */
  const newEmails = () => NAMES.map((name) => newAddress(name.toLowerCase()));
  /** Every link in a mail's text; `unsubscribe`: the one-click link of its address, in its headers too. */
  const linksIn = (mail: SentMail) => [...mail.text.matchAll(/https:\/\/\S+/g)].map((m) => m[0]);
  const unsubscribeOf = (mail: SentMail) => mail.headers?.['List-Unsubscribe']?.slice(1, -1);

  it("a turn mail through the EMAIL binding: the seat's link (its token authenticates as that seat), German and English, the seat's own cards only", async () => {
    const mails = mailbox();
    const EMAILS = newEmails();
    const table = await createTable(tableFor(GAME, { name: 'Stammtisch Ost', seats: NAMES.map((name, seat) => ({ name, email: EMAILS[seat] })) }));
    mails.length = 0; // the confirmations (mail.test.ts)
    await confirmAt(table, ...EMAILS);
    // The deal: every seat owes its doubling decision, and gets its link by mail once its address confirmed the table.
    expect(mails.map((m) => m.to).sort()).toEqual([...EMAILS].sort());
    for (const mail of mails) {
      const seat = EMAILS.indexOf(mail.to) as Seat;
      expect(mail.from).toEqual({ name: 'Wallachen', email: 'noreply@wallachen.example' });
      expect(mail.subject).toBe('Wallachen: Du bist dran / your turn at Stammtisch Ost');
      expect(mail.text).toContain(`Hallo ${isolated(NAMES[seat]!)},`);
      expect(mail.text).toContain(`Hello ${isolated(NAMES[seat]!)},`);
      expect(mail.text).toContain(`am Tisch „${isolated('Stammtisch Ost')}“ bist du am Zug (Spiel 1/1).`);
      expect(mail.text).toContain(`it is your move at the table "${isolated('Stammtisch Ost')}" (game 1/1).`);
      // Two links: the seat's own, and its address's one-click unsubscribe link (also in the headers, mail.test.ts).
      const unsubscribe = unsubscribeOf(mail)!;
      expect(unsubscribe).toMatch(new RegExp(`^${ORIGIN}/api/mail/unsubscribe/[0-9a-f]{64}\\.[A-Za-z0-9_-]{43}$`));
      const links = linksIn(mail).filter((link) => link !== unsubscribe);
      expect(new Set(links)).toEqual(new Set([table.seats[seat]!.url]));
      expect(links[0]).toMatch(new RegExp(`^${ORIGIN}/t/${table.tableId}#[A-Za-z0-9_-]{43}$`));
      const token = links[0]!.split('#')[1]!;
      expect((await view(table.tableId, token)).seat).toBe(seat);
      const withoutLinks = mail.text.replaceAll(links[0]!, '').replaceAll(unsubscribe, '');
      // The turn mail is the table (API.md "Mail"): it shows the seat's hand, here its packet of the doubling (R3.1), and no other card.
      expect(cardsInText(withoutLinks)).toEqual(knowable(GAME, seat, 0));
      expect(cardsInText(mail.subject)).toEqual(new Set());
    }

    // Doubling decisions owe nothing new; then forehand must bid: one mail, to forehand.
    mails.length = 0;
    await playAway(table, GAME.actions.slice(0, 3), 0);
    expect(mails.map((m) => m.to)).toEqual([EMAILS[FOREHAND]]);
  });

  it("no mail for every game's end; one at the table's end, with the final standing and no card; turn mails only cards the seat may know", async () => {
    const mails = mailbox();
    const sepp = newAddress('sepp');
    const table = await createTable(
      tableFor(GAME, { name: 'Stammtisch', seats: NAMES.map((name, seat) => ({ name, email: seat === 1 ? sepp : undefined })) }),
    );
    mails.length = 0; // the confirmation (mail.test.ts)
    await confirmAt(table, sepp);
    // A whole game tells the declarer more often than an address's hourly limit allows (mail.test.ts): an hour passes mid-game.
    const half = 12;
    await playActions(table, GAME.actions.slice(0, half), 0);
    await delivered(table);
    await anHourPassesFor(sepp);
    await playActions(table, GAME.actions.slice(half), half);
    await delivered(table);
    const ends = mails.filter((m) => !m.subject.includes('your turn'));
    expect(ends).toHaveLength(1);
    expect(ends[0]!.subject).toBe('Wallachen: Stammtisch ist zu Ende / is over');
    for (const [seat, name] of NAMES.entries()) {
      const balance = GAME.settlement!.payments[seat]!;
      expect(ends[0]!.text).toContain(`  ${isolated(name)}: ${balance > 0 ? '+' : ''}${balance}`);
    }
    expect(ends[0]!.text).toContain(`See every game: ${table.seats[1]!.url}`);
    expect(cardsInText(ends[0]!.text.replaceAll(table.seats[1]!.url, '').replaceAll(unsubscribeOf(ends[0]!)!, ''))).toEqual(new Set());
    // Each turn mail at its moment: hidden-worlds.test.ts; over the game, none names a card seat 1 never saw.
    for (const mail of mails) expectOnlyCards(cardsInText(mail.text), knowable(GAME, 1, GAME.actions.length), 'a turn mail');
  });

  it('the real local binding takes the mails (no failure, nothing left waiting); logs never show an address', async () => {
    const EMAILS = newEmails();
    const logs = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
    const table = await createTable(tableFor(GAME, { seats: EMAILS.map((email) => ({ email })) }));
    await confirmAt(table, ...EMAILS);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await delivered(table);
    const logged = logs.flatMap((spy) => spy.mock.calls.flat()).join('\n');
    // This table's lines: a table of another test may still retry a webhook meanwhile (the Worker's files share a runtime).
    const ours = logged.split('\n').filter((line) => line.startsWith(`table ${table.tableId}`));
    expect(ours.filter((line) => /failed/.test(line))).toEqual([]);
    // Dropped: only the deal's turn mails, sent before the addresses confirmed the table.
    expect(ours.filter((line) => /dropped/.test(line) && !/the address has not confirmed this table/.test(line))).toEqual([]);
    // No line of any table shows an address.
    for (const email of EMAILS) expect(logged).not.toContain(email);
  });

  it('a mail address changed or removed: what waits goes to the new one, or is dropped', async () => {
    const [sepp, other] = [newAddress('sepp'), newAddress('sepp')];
    let fail = true;
    const mails: SentMail[] = [];
    watchMail((mail: SentMail) => {
      if (fail) throw new Error(`email to ${sepp} not allowed`);
      mails.push(mail);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME, { seats: SEATS.map((s) => (s === FOREHAND ? { email: sepp } : {})) }));
    const token = table.seats[FOREHAND]!.token;
    await pressConfirm(table, sepp); // the bid it owes is mailed: that fails
    await pressConfirm(table, other); // (as if the other address had confirmed this table before)
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries'))[0]?.e ? true : undefined),
      'the first failure',
    );
    const logged = warn.mock.calls.flat().join('\n');
    expect(logged).toMatch(
      new RegExp(`email turn #\\d+ to seat ${FOREHAND} failed \\(attempt 1\\): DeliveryFailed: Error: email to <address> not allowed`),
    );
    expect(logged).not.toContain(sepp);
    const stored = (await sql<{ e: string }>(table, 'SELECT last_error AS e FROM deliveries'))[0]!.e;
    expect(stored).not.toContain(sepp);
    expect(await alarmIn(table)).toBeLessThanOrEqual(10_100);

    fail = false;
    await putNotifications(table.tableId, token, { email: other });
    await delivered(table);
    expect(mails.map((m) => m.to)).toEqual([other]);

    await playAway(table, GAME.actions.slice(0, 2), 0);
    fail = true;
    await playersLeave(table);
    await view(table.tableId, token); // the turn mail read
    await playActions(table, GAME.actions.slice(2, 3), 2); // forehand must bid: a mail that fails
    await eventually(
      async () => ((await sql<{ e: string | null }>(table, 'SELECT last_error AS e FROM deliveries'))[0]?.e ? true : undefined),
      'a failing mail',
    );
    await putNotifications(table.tableId, token, { email: null });
    expect(await waiting(table)).toBe(0);
  });

  it('a table made before links were derived: its storage is brought up to date on load; without an origin for the unsubscribe link, its mails are dropped', async () => {
    const mails = mailbox();
    const sepp = newAddress('sepp');
    const table = await createTable(tableFor(GAME, { seats: SEATS.map((s) => (s === FOREHAND ? { email: sepp } : {})) }));
    await confirmAt(table, sepp);
    mails.length = 0;
    // The storage of an earlier release: no nonces, no origin, no deliveries, no reminders, no schema version.
    for (const statement of [
      'DROP TABLE schema_version',
      'DROP TABLE deliveries',
      'DROP TABLE reminded',
      'DROP TABLE unread_turn_mail',
      'ALTER TABLE settings DROP COLUMN origin',
      'ALTER TABLE tokens DROP COLUMN nonce',
    ])
      await sql(table, statement);
    await evictDurableObject(tableStub(table.tableId));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await view(table.tableId, table.seats[FOREHAND]!.token); // read again, its storage brought up to date
    await playAway(table, GAME.actions.slice(0, 3), 0);
    // Every mail must carry a one-click unsubscribe link, which needs the origin the table was made at.
    expect(mails).toEqual([]);
    expect(warn.mock.calls.flat().join('\n')).toMatch(
      new RegExp(`email turn #\\d+ to seat ${FOREHAND} dropped after attempt 1: Undeliverable: the table keeps no origin`),
    );
    expect((await view(table.tableId, table.seats[FOREHAND]!.token)).seat).toBe(FOREHAND); // its links still work
  });

  it('a link that cannot be derived again (the key changed since the table was made) is left out of the mail, with a warning', async () => {
    const mails = mailbox();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sepp = newAddress('sepp');
    // Made at a loopback address without TOKEN_SECRET (the development key); the table itself now has the test key.
    const res = await app.request(
      'http://localhost:8787/api/tables',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '2001:db8::77' },
        body: JSON.stringify({ seats: [{ email: sepp }, {}, {}] }),
      },
      { ...env, TOKEN_SECRET: undefined as unknown as string },
    );
    expect(res.status).toBe(201);
    const table = (await res.json()) as CreatedTable;
    mails.length = 0; // the confirmation (mail.test.ts)
    await confirmAt(table, sepp);
    expect(mails.map((m) => m.to)).toEqual([sepp]);
    expect(mails[0]!.text).not.toContain(table.seats[0]!.token);
    expect(mails[0]!.text).toContain('Öffne den Link deines Platzes');
    const logged = warn.mock.calls.flat().join('\n');
    expect(logged).toMatch(/seat 0's link cannot be derived again \(was TOKEN_SECRET changed\?\)/);
    expect(logged).not.toContain(sepp);
  });
});

describe('webhooks a stranger cannot turn into a flood', () => {
  it("a receiver answering 410 Gone turns the seat's webhook off: no retry, nothing more, the seat's view and settings say so; setting it again turns it on", async () => {
    const posts = receivers((post) => (post.url.endsWith('/gone') ? 410 : 204));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    const token = table.seats[FOREHAND]!.token;
    await putNotifications(table.tableId, token, { webhookUrl: hookUrl(FOREHAND, '/gone') });
    expect((await view(table.tableId, token)).webhook).toBe('active');
    await playActions(table, GAME.actions.slice(0, 3), 0); // forehand's turn: one post, answered 410
    await delivered(table);
    expect(posts.map((p) => p.url)).toEqual([hookUrl(FOREHAND, '/gone')]);
    expect((await view(table.tableId, token)).webhook).toBe('disabled');
    expect((await view(table.tableId, table.seats[(FOREHAND + 1) % 3]!.token)).webhook).toBeNull(); // another seat: none of its own
    expect((await view(table.tableId, table.spectator.token)).webhook).toBeNull();
    const settings = await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${token}` } });
    expect(await settings.json()).toMatchObject({ webhookUrl: hookUrl(FOREHAND, '/gone'), webhookState: 'disabled', email: null, emailState: null });

    // Its next turn posts nothing.
    await playActions(table, GAME.actions.slice(3, 6), 3);
    await delivered(table);
    expect(posts.filter((p) => p.url.includes(`/${FOREHAND}/gone`))).toHaveLength(1);

    // Set again (another URL): on again.
    await putNotifications(table.tableId, token, { webhookUrl: hookUrl(FOREHAND, '/back') });
    expect((await view(table.tableId, token)).webhook).toBe('active');
  });

  it("GET …/notifications answers the seat's own settings in the shape PUT answers; a spectator gets 403", async () => {
    receivers();
    const address = newAddress('settings');
    const table = await createTable(tableFor(GAME));
    const token = table.seats[0]!.token;
    const put = await putNotifications(table.tableId, token, { webhookUrl: hookUrl(0), email: address });
    const got = await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${token}` } });
    expect(got.status).toBe(200);
    const body = await got.json();
    // PUT says what became of the confirmation mail it asked for; GET has nothing to say of it.
    const { confirmation, ...rest } = (await put.json()) as { confirmation: string };
    expect(confirmation).toBe('sent');
    expect(body).toEqual(rest);
    expect(body).toMatchObject({
      email: address,
      emailState: 'unconfirmed',
      webhookUrl: hookUrl(0),
      webhookState: 'active',
      webhookSecret: expect.stringMatching(/^whsec_/),
    });
    const spectator = await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${table.spectator.token}` } });
    expect(spectator.status).toBe(403);
  });

  it('a changed URL gets only the newest waiting message, and its count of attempts goes on', async () => {
    const posts = receivers(() => 503);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const table = await createTable(tableFor(GAME));
    await hookAll(table, [FOREHAND]);
    // An older message still waiting for forehand (as after a long outage of its receiver)…
    await sql(
      table,
      "INSERT INTO deliveries (message_id, seat, channel, type, payload, attempts, next_attempt_at) VALUES ('msg_older', ?, 'webhook', 'turn', '{}', 5, ?)",
      FOREHAND,
      Date.now() + 3_600_000,
    );
    // …then its turn: the newest, which fails at the old URL.
    await playActions(table, GAME.actions.slice(0, 3), 0);
    const attemptsOfNewest = async () =>
      (await sql<{ a: number }>(table, "SELECT attempts AS a FROM deliveries WHERE message_id <> 'msg_older'"))[0]?.a;
    await eventually(async () => ((await attemptsOfNewest()) === 1 ? true : undefined), 'the first failure');

    await putNotifications(table.tableId, table.seats[FOREHAND]!.token, { webhookUrl: hookUrl(FOREHAND, '/new') });
    await eventually(async () => (posts.some((p) => p.url === hookUrl(FOREHAND, '/new')) ? true : undefined), 'the post to the new URL');
    const toNew = posts.filter((p) => p.url === hookUrl(FOREHAND, '/new'));
    expect(toNew.map((p) => p.body.version)).toEqual([3]); // the newest only: the older one was dropped, not resent
    expect(posts.map((p) => p.headers['webhook-id'])).not.toContain('msg_older');
    expect(await sql(table, "SELECT 1 FROM deliveries WHERE message_id = 'msg_older'")).toEqual([]);
    // Its attempts went on: the new URL's was its second, not the first of a fresh set of retries.
    await eventually(async () => ((await attemptsOfNewest()) === 2 ? true : undefined), 'the second attempt counted');
  });

  it(`at most ${TABLE_WEBHOOKS_PER_MINUTE} webhook attempts per table per minute: the rest wait for the next minute, their attempts not counted`, async () => {
    const posts = receivers();
    const table = await createTable(tableFor(GAME));
    await hookAll(table, [FOREHAND]);
    // This minute's budget spent already (time cannot be moved on in workerd).
    await sql(table, 'CREATE TABLE IF NOT EXISTS webhook_sends (at INTEGER NOT NULL)');
    await sql(
      table,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TABLE_WEBHOOKS_PER_MINUTE}) INSERT INTO webhook_sends (at) SELECT ? FROM n`,
      Date.now(),
    );
    await playActions(table, GAME.actions.slice(0, 3), 0); // forehand's turn
    await eventually(
      async () =>
        ((await sql<{ due: number }>(table, 'SELECT next_attempt_at AS due FROM deliveries'))[0]?.due ?? 0) > Date.now() + 50_000 ? true : undefined,
      'the post to wait',
    );
    expect(posts).toHaveLength(0);
    expect(await sql<{ attempts: number }>(table, 'SELECT attempts FROM deliveries')).toEqual([{ attempts: 0 }]);
    // A minute later it goes.
    await sql(table, 'UPDATE webhook_sends SET at = ?', Date.now() - 61_000);
    await retryNow(table);
    expect(posts.map((p) => p.body.type)).toEqual(['turn']);
  });
});

describe("a seat's settings as GET …/notifications answers them", () => {
  const settingsOf = async (table: CreatedTable, token: string) => {
    const res = await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as { email: string | null; emailState: string | null; webhookUrl: string | null; webhookState: string | null };
  };

  it('the address given at creation, to that seat alone; a PUT of a webhook alone keeps it, null removes only what it names', async () => {
    const address = newAddress('created');
    const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
    await confirmAt(table, address);
    expect(await settingsOf(table, table.seats[0]!.token)).toEqual({
      email: address,
      emailState: 'confirmed',
      webhookUrl: null,
      webhookState: null,
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    });
    for (const seat of [1, 2]) {
      expect(await settingsOf(table, table.seats[seat]!.token)).toEqual({
        email: null,
        emailState: null,
        webhookUrl: null,
        webhookState: null,
        mail: 'turn',
        lang: null,
        push: { devices: 0 },
      });
    }

    expect((await putNotifications(table.tableId, table.seats[0]!.token, { webhookUrl: hookUrl(0) })).status).toBe(200);
    expect(await settingsOf(table, table.seats[0]!.token)).toMatchObject({ email: address, emailState: 'confirmed', webhookUrl: hookUrl(0) });
    expect((await putNotifications(table.tableId, table.seats[0]!.token, { lang: 'en' })).status).toBe(200);
    expect(await settingsOf(table, table.seats[0]!.token)).toMatchObject({ email: address, webhookUrl: hookUrl(0), webhookState: 'active' });
    expect((await putNotifications(table.tableId, table.seats[0]!.token, { webhookUrl: null })).status).toBe(200);
    expect(await settingsOf(table, table.seats[0]!.token)).toEqual({
      email: address,
      emailState: 'confirmed',
      webhookUrl: null,
      webhookState: null,
      mail: 'turn',
      lang: 'en',
      push: { devices: 0 },
    });
    expect((await putNotifications(table.tableId, table.seats[0]!.token, { email: null })).status).toBe(200);
    expect(await settingsOf(table, table.seats[0]!.token)).toEqual({
      email: null,
      emailState: null,
      webhookUrl: null,
      webhookState: null,
      mail: 'turn',
      lang: 'en',
      push: { devices: 0 },
    });
  });
});
