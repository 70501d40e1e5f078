/**
 * A replaced link takes everything with it (API.md "Table admin", worker/table/changes/links.ts).
 * Whoever held a seat's link set up its channels with it: after the admin's rotation (or a
 * bot put in the seat) the old holder's webhook, push devices, mail address, digest entries
 * and queued messages are gone, its sockets closed, and no message anywhere carries the new
 * token but the admin's answer. The spectators' and the admin's own links rotate too.
 *
 * Webhook receivers and push services are stood in for by `fetch` (the table's Durable
 * Object runs in the tests' isolate, as in notifications.test.ts and push.test.ts); mails
 * are watched at TableObject.sendEmail.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { AddressObject } from '../../worker/notifications/mail/address-object.js';
import { HOLDER_TABLES, SEAT_TABLES } from '../../worker/storage/seat-tables.js';
import { newSubscriber } from '../push-crypto.js';
import { command, headers, postAdmin, type AdminViewBody } from './admin-support.js';
import {
  addressStubOf,
  confirmAt,
  connect,
  type CreatedTable,
  createTable,
  deliveriesDone,
  eventually,
  expectError,
  handMade,
  newAddress,
  playActions,
  playAway,
  playersLeave,
  putNotifications,
  request,
  type Socket,
  sql,
  tableFor,
  tableStub,
  view,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** Seat 1 owes the first bid once the doubling window closes (version 3). */
const FOREHAND = ((GAME.dealer + 1) % 3) as Seat;
/** A seat in mail mode "digest": its address's object lists the table while the seat owes a move. */
const DIGEST_SEAT = ((FOREHAND + 1) % 3) as Seat;

interface Sent {
  readonly to: string;
  readonly text: string;
}

let mails: Sent[] = [];
let requests: { url: string; body: string }[] = [];
let logged: string[] = [];
/** What the stand-in receivers answer: failing at first, so that messages wait in the queue when the link is replaced. */
let receiverStatus = 503;

beforeEach(() => {
  mails = [];
  requests = [];
  logged = [];
  receiverStatus = 503;
  watchMail((mail: Sent) => void mails.push(mail));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    requests.push({ url: req.url, body: await req.text() });
    return new Response(null, { status: receiverStatus });
  });
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

const rotate = (table: CreatedTable, seat: Seat | 'spectator') =>
  command<{ seat: Seat | 'spectator'; token: string; url: string }>(table, { type: 'rotate', seat });

const notificationsOf = async (table: CreatedTable, token: string) => {
  const res = await request(`/api/tables/${table.tableId}/notifications`, { headers: headers(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as { email: string | null; webhookUrl: string | null; mail: string; push: { devices: number } };
};

/** Every row the holder tables keep for `seat` (storage/seat-tables.ts). */
async function holderRows(table: CreatedTable, seat: Seat): Promise<Record<string, number>> {
  return runInDurableObject(tableStub(table.tableId), (_i, state) => {
    const rows: Record<string, number> = {};
    for (const name of HOLDER_TABLES) {
      const exists = state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;
      rows[name] = exists ? (state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${name} WHERE seat = ?`, seat).one().n as number) : 0;
    }
    return rows;
  });
}

const tableEntries = async (address: string, table: CreatedTable) =>
  (await (await addressStubOf(address)).digestEntries()).filter((e) => e.tableId === table.tableId);

/** Every message the sockets got, as text. */
function record(socket: Socket): string[] {
  const texts: string[] = [];
  socket.ws.addEventListener('message', (event) => void texts.push(String(event.data)));
  return texts;
}

describe('a rotated seat link', () => {
  it("ends the old holder's webhook, push devices, mail address, digest entries and queued messages; nothing reaches them after, and only the admin's answer holds the new token", async () => {
    const [mailAddress, digestAddress] = [newAddress('rotated-mail'), newAddress('rotated-digest')];
    const table = await createTable(tableFor(GAME, { seats: [{}, {}, {}].map((s, i) => (i === FOREHAND ? { email: mailAddress } : s)) }));
    const old = table.seats[FOREHAND]!;
    const hook = `https://hooks.example.net/old-holder/${crypto.randomUUID()}`;
    const device = { endpoint: `https://push.example.net/wpush/old-holder-${crypto.randomUUID()}`, keys: (await newSubscriber()).keys };
    const set = await putNotifications(table.tableId, old.token, { webhookUrl: hook, push: device });
    expect(set.status, await set.text()).toBe(200);
    const oldSecret = ((await notificationsOf(table, old.token)) as unknown as { webhookSecret: string }).webhookSecret;
    expect(oldSecret).toMatch(/^whsec_/);
    const digestHolder = table.seats[DIGEST_SEAT]!;
    expect((await putNotifications(table.tableId, digestHolder.token, { email: digestAddress, mail: 'digest' })).status).toBe(200);
    await confirmAt(table, mailAddress, digestAddress);
    await eventually(async () => ((await tableEntries(digestAddress, table)).length === 1 ? true : undefined), "the digest seat's entry");

    // The doubling window closes: forehand's turn is told to its webhook and devices (their receivers fail: the messages wait).
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await playersLeave(table);
    await sql(table, 'UPDATE deferred_turn_mail SET check_at = 0');
    await runDurableObjectAlarm(tableStub(table.tableId));
    const waiting = await sql<{ channel: string }>(table, 'SELECT channel FROM deliveries WHERE seat = ?', FOREHAND);
    expect(new Set(waiting.map((d) => d.channel))).toEqual(new Set(['webhook', 'push']));
    expect(requests.some((r) => r.url === hook)).toBe(true);

    const oldSocket = await connect(table.tableId, old.token);
    await oldSocket.next();
    const closed = new Promise<CloseEvent>((resolve) => oldSocket.ws.addEventListener('close', resolve));
    const others = [await connect(table.tableId, table.seats[GAME.dealer]!.token), await connect(table.tableId, table.spectator.token)];
    const frames = others.map((s) => record(s));

    const rotated = await rotate(table, FOREHAND);
    const digestRotated = await rotate(table, DIGEST_SEAT);
    expect((await closed).code).toBe(4001);
    const newTokens = [rotated.token, digestRotated.token];

    // Nothing of the old holders is left: storage, the new link's settings, the admin view, the address's digest.
    for (const seat of [FOREHAND, DIGEST_SEAT]) {
      expect(await holderRows(table, seat), `seat ${seat}`).toEqual(Object.fromEntries(HOLDER_TABLES.map((name) => [name, 0])));
    }
    const settings = await notificationsOf(table, rotated.token);
    expect(settings).toMatchObject({ email: null, webhookUrl: null, mail: 'turn', push: { devices: 0 } });
    expect(settings).not.toHaveProperty('webhookSecret');
    const admin = await command<AdminViewBody>(table, { type: 'pause' });
    expect(admin.seats[FOREHAND]).toMatchObject({ mail: false, webhook: null });
    expect(admin.seats[DIGEST_SEAT]).toMatchObject({ mail: false, webhook: null });
    await command(table, { type: 'resume' });
    await eventually(async () => ((await tableEntries(digestAddress, table)).length === 0 ? true : undefined), 'the digest entry to be taken back');

    // Play on to the end with the new links, every receiver answering now.
    const seenBefore = { requests: requests.length, mails: mails.length };
    receiverStatus = 204;
    table.seats[FOREHAND] = { ...old, token: rotated.token, url: rotated.url };
    table.seats[DIGEST_SEAT] = { ...digestHolder, token: digestRotated.token, url: digestRotated.url };
    // Time passes: whatever still waits is due, and the alarm sends it.
    await sql(table, 'UPDATE deliveries SET next_attempt_at = 0');
    await runDurableObjectAlarm(tableStub(table.tableId));
    await deliveriesDone(table);
    await playAway(table, GAME.actions.slice(3), 3);
    expect((await view(table.tableId, rotated.token)).phase).toBe('finished');
    const after = { requests: requests.slice(seenBefore.requests), mails: mails.slice(seenBefore.mails) };
    expect(after.requests.filter((r) => r.url === hook || r.url === device.endpoint)).toEqual([]);
    expect(after.mails.filter((m) => m.to === mailAddress || m.to === digestAddress)).toEqual([]);
    expect(await tableEntries(digestAddress, table)).toEqual([]);

    // The new tokens are nowhere: not in a mail, a post, a socket frame or a log line.
    const everything = [...mails.map((m) => m.text), ...requests.map((r) => `${r.url} ${r.body}`), ...frames.flat(), ...logged];
    for (const token of newTokens) expect(everything.filter((text) => text.includes(token))).toEqual([]);
    expect(frames.flat().length, 'the other pages were pushed the game').toBeGreaterThan(5);

    // A webhook the new holder sets gets a secret of its own.
    expect((await putNotifications(table.tableId, rotated.token, { webhookUrl: hook })).status).toBe(200);
    expect(((await notificationsOf(table, rotated.token)) as unknown as { webhookSecret: string }).webhookSecret).not.toBe(oldSecret);
    for (const s of others) s.close();
  });

  it('mid-send: a mail waiting for its address gate when the link is replaced is not sent, with neither link', async () => {
    const address = newAddress('rotated-in-flight');
    const table = await createTable(tableFor(GAME, { seats: [{}, {}, {}].map((s, i) => (i === FOREHAND ? { email: address } : s)) }));
    await confirmAt(table, address);
    mails = [];
    // The address's object answers only once the test lets it: meanwhile the admin replaces the link.
    const permit = AddressObject.prototype.permit;
    let asked!: () => void;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // An RPC method may answer a promise: the table awaits it either way.
    const held = async function (this: AddressObject, request: Parameters<AddressObject['permit']>[0]) {
      asked();
      await released;
      return permit.call(this, request);
    };
    vi.spyOn(AddressObject.prototype, 'permit').mockImplementation(held as unknown as AddressObject['permit']);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await playersLeave(table);
    await sql(table, 'UPDATE deferred_turn_mail SET check_at = 0');
    const alarm = runDurableObjectAlarm(tableStub(table.tableId));
    await wasAsked;
    const rotated = await rotate(table, FOREHAND);
    release();
    await alarm;
    await deliveriesDone(table);
    expect(mails.filter((m) => m.to === address)).toEqual([]);
    expect(mails.filter((m) => m.text.includes(rotated.token))).toEqual([]);
  });

  it("sorts every storage table with a seat column as the holder's or the seat's (a new one must be sorted when added)", async () => {
    const address = newAddress('sorted');
    const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
    const seat0 = table.seats[0]!.token;
    // Everything that makes a table create its storage: notifications, pushes, chat, the digest, the delivery log, vacations, preferences.
    await putNotifications(table.tableId, seat0, { webhookUrl: 'https://hooks.example.net/sorted' });
    await putNotifications(table.tableId, table.seats[1]!.token, {
      push: { endpoint: 'https://push.example.net/sorted', keys: (await newSubscriber()).keys },
    });
    await putNotifications(table.tableId, table.seats[2]!.token, { email: newAddress('sorted-digest'), mail: 'digest' });
    const post = (path: string, token: string, body: unknown, method = 'POST') =>
      request(`/api/tables/${table.tableId}/${path}`, { method, headers: headers(token), body: JSON.stringify(body) });
    expect((await post('chat', seat0, { text: 'Servus' })).status).toBe(201);
    expect((await post('vacation', seat0, { hours: 1 })).status).toBe(200);
    expect((await post('preferences', seat0, { autoForced: true }, 'PUT')).status).toBe(200);
    await playActions(table, GAME.actions.slice(0, 3), 0);
    await deliveriesDone(table);
    const withSeat = await runInDurableObject(tableStub(table.tableId), (_i, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
        .toArray()
        .map((t) => t.name)
        .filter((name) =>
          state.storage.sql
            .exec<{ name: string }>(`PRAGMA table_info(${name})`)
            .toArray()
            .some((c) => c.name === 'seat'),
        ),
    );
    const sorted = new Set<string>([...HOLDER_TABLES, ...SEAT_TABLES]);
    expect(withSeat.filter((name) => !sorted.has(name))).toEqual([]);
    // Every listed table exists in such a table's storage: the lists name real tables.
    expect([...sorted].filter((name) => !withSeat.includes(name))).toEqual([]);
  });
});

describe("a bot put in a person's seat", () => {
  it("replaces the seat's link: the old one gets 401, what its holder set up ends; a person taking the seat back needs a rotation", async () => {
    const address = newAddress('bot-seat');
    const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
    const old = table.seats[0]!.token;
    expect((await putNotifications(table.tableId, old, { webhookUrl: 'https://hooks.example.net/bot-seat' })).status).toBe(200);
    const socket = await connect(table.tableId, old);
    await socket.next();
    const closed = new Promise<CloseEvent>((resolve) => socket.ws.addEventListener('close', resolve));
    const seated = await command<AdminViewBody>(table, { type: 'seat', seat: 0, bot: 'easy' });
    expect(seated.seats[0]).toMatchObject({ bot: true, mail: false, webhook: null });
    expect((await closed).code).toBe(4001);
    await expectError(request(`/api/tables/${table.tableId}`, { headers: headers(old) }), 401, 'unauthorized');
    expect(await holderRows(table, 0)).toEqual(Object.fromEntries(HOLDER_TABLES.map((name) => [name, 0])));
    // Another level of bot is no new holder: no rotation needed.
    await command(table, { type: 'seat', seat: 0, bot: 'strong' });
    const person = await command<AdminViewBody>(table, { type: 'seat', seat: 0, bot: false });
    expect(person.seats[0]).toMatchObject({ bot: false, mail: false });
    const link = await rotate(table, 0);
    expect((await view(table.tableId, link.token)).seat).toBe(0);
  });
});

describe('the spectators’ link and the admin’s own', () => {
  it('rotate the spectator link: the old one gets 401 and its sockets close; the seats are untouched', async () => {
    const table = await createTable();
    const old = table.spectator.token;
    const socket = await connect(table.tableId, old);
    await socket.next();
    const closed = new Promise<CloseEvent>((resolve) => socket.ws.addEventListener('close', resolve));
    const rotated = await rotate(table, 'spectator');
    expect(rotated.seat).toBe('spectator');
    expect(rotated.url).toBe(`https://wallachen.test/t/${table.tableId}#${rotated.token}`);
    expect((await closed).code).toBe(4001);
    await expectError(request(`/api/tables/${table.tableId}`, { headers: headers(old) }), 401, 'unauthorized');
    await expectError(request(`/api/tables/${table.tableId}/ws`, { headers: { ...headers(old), upgrade: 'websocket' } }), 401, 'unauthorized');
    expect((await view(table.tableId, rotated.token)).seat).toBeNull();
    for (const seat of table.seats) expect((await view(table.tableId, seat.token)).seat).toBe(seat.seat);
  });

  it('rotateAdmin: a new admin link, answered once; the old admin token gets 401, the seats and spectators are untouched', async () => {
    const table = await createTable();
    const old = table.admin.token;
    const rotated = await command<{ token: string; url: string }>(table, { type: 'rotateAdmin' });
    expect(Object.keys(rotated).sort()).toEqual(['token', 'url']);
    expect(rotated.url).toBe(`https://wallachen.test/admin/${table.tableId}#${rotated.token}`);
    await expectError(postAdmin(table.tableId, old, { type: 'pause' }), 401, 'unauthorized');
    await expectError(request(`/api/tables/${table.tableId}/admin`, { headers: headers(old) }), 401, 'unauthorized');
    const res = await postAdmin(table.tableId, rotated.token, { type: 'pause' });
    expect(res.status).toBe(200);
    expect((await view(table.tableId, table.spectator.token)).paused).toBe(true);
    // The new admin token is refused on the seats' endpoints as the old one was.
    await expectError(request(`/api/tables/${table.tableId}`, { headers: headers(rotated.token) }), 403, 'forbidden');
  });
});

describe('links replaced by an earlier release', () => {
  it('are still told they were replaced (401) after the table is loaded by this one', async () => {
    const table = await createTable();
    const old = table.seats[2]!.token;
    await rotate(table, 2);
    // As an earlier release stored it: seats' replaced tokens only, in revoked_tokens, and no schema version.
    await sql(table, 'DROP TABLE schema_version');
    await sql(table, 'CREATE TABLE revoked_tokens (hash TEXT PRIMARY KEY, seat INTEGER NOT NULL, revoked_at INTEGER NOT NULL)');
    await sql(table, 'INSERT INTO revoked_tokens (hash, seat, revoked_at) SELECT hash, CAST(owner AS INTEGER), replaced_at FROM replaced_links');
    await sql(table, 'DROP TABLE replaced_links');
    await evictDurableObject(tableStub(table.tableId));
    await expectError(request(`/api/tables/${table.tableId}`, { headers: headers(old) }), 401, 'unauthorized');
    expect(await sql(table, "SELECT name FROM sqlite_master WHERE name = 'revoked_tokens'")).toEqual([]);
    expect(await sql(table, 'SELECT owner FROM replaced_links')).toEqual([{ owner: '2' }]);
  });
});
