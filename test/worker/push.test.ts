/**
 * Web push (API.md "Web push"): the server's key, a seat's subscriptions, and the pushes
 * themselves as a push service receives them. workerd cannot run a local HTTP server, and
 * the table's Durable Object runs in the tests' isolate: replacing globalThis.fetch here
 * stands in for every push service. It does what a push service and then the browser do:
 * checks the VAPID JWT against GET /api/push/key (signature, aud, exp), then decrypts the
 * body with the subscription's private keys, generated here with WebCrypto. (A real local
 * HTTP push endpoint receives pushes from `wrangler dev` in test/browser/push.test.ts.)
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { app } from '../../worker/app.js';
import { MAX_PUSH_DEVICES } from '../../worker/model/limits.js';
import type { PushPayload } from '../../worker/notifications/push/notices.js';
import { TABLE_WEBHOOKS_PER_MINUTE } from '../../worker/model/limits.js';
import { decryptPush, newSubscriber, verifyVapid, type Subscriber } from '../push-crypto.js';
import {
  confirmAt,
  type CreatedTable,
  createTable,
  deliveriesDone,
  eventually,
  expectError,
  handMade,
  newAddress,
  ORIGIN,
  playActions,
  playAway,
  playersLeave,
  putNotifications,
  request,
  sql,
  tableFor,
  tableStub,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** Seat 1: it must bid once the doubling window closes (version 3). */
const FOREHAND = ((GAME.dealer + 1) % 3) as Seat;

afterEach(() => {
  vi.restoreAllMocks();
});

const endpointOf = (name: string) => `https://push.example.net/wpush/v2/${name}-${crypto.randomUUID()}`;

interface Device extends Subscriber {
  readonly endpoint: string;
}

const newDevice = async (name: string): Promise<Device> => ({ ...(await newSubscriber()), endpoint: endpointOf(name) });
const subscription = (d: Device) => ({ endpoint: d.endpoint, keys: d.keys });

interface Received {
  readonly endpoint: string;
  readonly headers: Record<string, string>;
  readonly payload: PushPayload;
}

async function serverKey(): Promise<string> {
  const res = await request('/api/push/key');
  expect(res.status).toBe(200);
  return ((await res.json()) as { publicKey: string }).publicKey;
}

/**
 * Stands in for the push services of `devices`: each request must carry a VAPID JWT that
 * verifies with the server's key and names the endpoint's origin, and a body that the
 * device's keys decrypt; answers `status(endpoint, n)` (201 by default).
 */
async function pushService(devices: Device[], status: (endpoint: string, n: number) => number = () => 201): Promise<Received[]> {
  const publicKey = await serverKey();
  const received: Received[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    const device = devices.find((d) => d.endpoint === req.url);
    if (device === undefined) throw new Error(`a request to an unknown address: ${req.url}`);
    expect(req.method).toBe('POST');
    await verifyVapid(req.headers.get('authorization')!, publicKey, req.url);
    const body = new Uint8Array(await req.arrayBuffer());
    const payload = JSON.parse(await decryptPush(body, device)) as PushPayload;
    const n = received.length;
    received.push({ endpoint: req.url, headers: Object.fromEntries(req.headers), payload });
    return new Response(null, { status: status(req.url, n) });
  });
  return received;
}

const settings = async (table: CreatedTable, seat: Seat) =>
  (await (
    await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${table.seats[seat]!.token}` } })
  ).json()) as {
    push: { devices: number };
  };

/**
 * Forehand's first turn (version 3), told once it has left the table: the doubling decisions
 * are played, the seats leave, and the alarm sends what was put off while forehand was there.
 */
async function forehandsTurn(table: CreatedTable): Promise<void> {
  await playActions(table, GAME.actions.slice(0, 3), 0);
  await playersLeave(table);
  await sql(table, 'UPDATE deferred_turn_mail SET check_at = 0');
  expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
}

async function subscribe(table: CreatedTable, seat: Seat, device: Device): Promise<void> {
  const res = await putNotifications(table.tableId, table.seats[seat]!.token, { push: subscription(device) });
  expect(res.status).toBe(200);
}

describe('GET /api/push/key', () => {
  it("answers the server's VAPID public key: an uncompressed P-256 point, base64url", async () => {
    const key = await serverKey();
    expect(key).toBe(env.VAPID_PUBLIC_KEY);
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/); // 65 bytes, 0x04 first
  });

  it('without a key pair: 503 not_configured, and a subscription is refused the same way; at a loopback origin the development pair', async () => {
    const bare = { ...env, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined };
    const res = await app.request(`${ORIGIN}/api/push/key`, {}, bare);
    await expectError(res, 503, 'not_configured');
    const local = await app.request('http://localhost:8787/api/push/key', {}, bare);
    expect(local.status).toBe(200);
    expect(((await local.json()) as { publicKey: string }).publicKey).not.toBe(env.VAPID_PUBLIC_KEY);
  });
});

describe('push subscriptions', () => {
  it(`adds, refreshes and removes a seat's devices, at most ${MAX_PUSH_DEVICES} (the oldest dropped); GET shows how many, never an endpoint`, async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[0]!.token;
    const devices = await Promise.all(Array.from({ length: MAX_PUSH_DEVICES + 1 }, (_, i) => newDevice(`d${i}`)));
    const put = (body: unknown) => putNotifications(table.tableId, token, body);
    expect(await (await put({ push: subscription(devices[0]!) })).json()).toMatchObject({ push: { devices: 1 } });
    // The same device again (new keys): refreshed, not added.
    const renewed = await newSubscriber();
    expect(await (await put({ push: { ...subscription(devices[0]!), keys: renewed.keys } })).json()).toMatchObject({ push: { devices: 1 } });
    expect(await sql(table, 'SELECT p256dh FROM push_subscriptions WHERE endpoint = ?', devices[0]!.endpoint)).toEqual([
      { p256dh: renewed.keys.p256dh },
    ]);
    for (const device of devices.slice(1)) await put({ push: subscription(device) });
    const kept = await sql<{ endpoint: string }>(table, 'SELECT endpoint FROM push_subscriptions WHERE seat = 0 ORDER BY updated_at');
    expect(kept.map((r) => r.endpoint)).toEqual(devices.slice(1).map((d) => d.endpoint));
    const got = await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${token}` } });
    const text = await got.text();
    expect(JSON.parse(text)).toMatchObject({ push: { devices: MAX_PUSH_DEVICES } });
    expect(text).not.toContain('push.example.net');
    expect(await settings(table, 1)).toMatchObject({ push: { devices: 0 } }); // another seat's are its own

    expect(await (await put({ pushRemove: devices[3]!.endpoint })).json()).toMatchObject({ push: { devices: MAX_PUSH_DEVICES - 1 } });
    expect(await (await put({ pushRemove: endpointOf('unknown') })).json()).toMatchObject({ push: { devices: MAX_PUSH_DEVICES - 1 } });
    expect(await (await put({ push: null })).json()).toMatchObject({ push: { devices: 0 } });
  });

  it('refuses keys of the wrong length, endpoints the webhook rules refuse, a spectator and a bot seat', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[0]!.token;
    const device = await newDevice('x');
    const put = (body: unknown, t = token) => putNotifications(table.tableId, t, body);
    await expectError(put({ push: { ...subscription(device), keys: { ...device.keys, auth: 'c2hvcnQ' } } }), 400, 'bad_request');
    await expectError(put({ push: { ...subscription(device), keys: { ...device.keys, p256dh: device.keys.p256dh.slice(1) } } }), 400, 'bad_request');
    for (const endpoint of [
      'http://10.0.0.7/push',
      'https://169.254.169.254/latest',
      'ftp://push.example.net/x',
      'https://[::ffff:127.0.0.1]:8443/p',
    ]) {
      expect(await expectError(put({ push: { ...subscription(device), endpoint } }), 400, 'bad_request')).toMatch(/push\.endpoint|endpoint/);
    }
    await expectError(put({ push: { endpoint: device.endpoint } }), 400, 'bad_request'); // no keys
    await expectError(put({ push: subscription(device) }, table.spectator.token), 403, 'forbidden');
    const withBot = await createTable({ seats: [{}, { bot: 'easy' }, {}] });
    await expectError(putNotifications(withBot.tableId, withBot.seats[1]!.token, { push: subscription(device) }), 403, 'forbidden');
    expect(await settings(table, 0)).toMatchObject({ push: { devices: 0 } });
  });
});

describe('pushes', () => {
  it("a turn goes to each of the seat's devices: VAPID-signed, aes128gcm, {type, tableId, seat, version, url}, no card and no token", async () => {
    const [phone, laptop] = [await newDevice('phone'), await newDevice('laptop')];
    const received = await pushService([phone, laptop]);
    const table = await createTable(tableFor(GAME));
    await subscribe(table, FOREHAND, phone);
    await subscribe(table, FOREHAND, laptop);
    await deliveriesDone(table);
    expect(received).toEqual([]); // subscribing sends nothing

    await playAway(table, GAME.actions.slice(0, 3), 0); // the doubling window closes: forehand must bid
    expect(received.map((r) => r.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const push of received) {
      expect(Object.keys(push.payload).sort()).toEqual(['seat', 'tableId', 'type', 'url', 'version']);
      expect(push.payload).toMatchObject({ type: 'turn', tableId: table.tableId, seat: FOREHAND, version: 3 });
      // The table page naming the seat, never its link: a device that forgot the table (or the next
      // user of a shared one) is not handed the token (web/src/table/seat-link.ts finds the link a device keeps).
      expect(push.payload.url).toBe(`${ORIGIN}/t/${table.tableId}?seat=${FOREHAND}`);
      expect(new URL(push.payload.url).hash).toBe('');
      for (const token of [...table.seats.map((s) => s.token), table.spectator.token, table.admin.token])
        expect(JSON.stringify(push.payload)).not.toContain(token);
      expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'normal', topic: `${table.tableId}-${FOREHAND}` });
      expect(JSON.stringify(push.payload)).not.toMatch(/"[EGHS](A|K|O|U|10|9|8|7)"/); // no card code
    }
  });

  it('the end of the table goes to every subscribed seat; game_over alone does not', async () => {
    const devices = await Promise.all([0, 1, 2].map((s) => newDevice(`seat${s}`)));
    const received = await pushService(devices);
    const table = await createTable(tableFor(GAME));
    for (const seat of [0, 1, 2] as Seat[]) await subscribe(table, seat, devices[seat]!);
    await playAway(table, GAME.actions, 0);
    const over = received.filter((r) => r.payload.type === 'table_over');
    expect(over.map((r) => r.payload.seat).sort()).toEqual([0, 1, 2]);
    for (const r of over) {
      expect(r.headers).toMatchObject({ urgency: 'low', ttl: String(7 * 86_400) });
      expect(r.payload.url).toBe(`${ORIGIN}/t/${table.tableId}?seat=${r.payload.seat}`);
      for (const { token } of table.seats) expect(JSON.stringify(r.payload)).not.toContain(token);
    }
    expect(received.some((r) => (r.payload.type as string) === 'game_over')).toBe(false);
  });

  it('a push service answering 410 or 404 removes that device: no retry, nothing more to it; a failing one is retried', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [gone, missing, flaky] = [await newDevice('gone'), await newDevice('missing'), await newDevice('flaky')];
    const received = await pushService([gone, missing, flaky], (endpoint, n) =>
      endpoint === gone.endpoint ? 410 : endpoint === missing.endpoint ? 404 : n < 3 ? 503 : 201,
    );
    const table = await createTable(tableFor(GAME));
    for (const device of [gone, missing, flaky]) await subscribe(table, FOREHAND, device);
    await forehandsTurn(table);
    await eventually(async () => (received.length >= 3 ? true : undefined), 'three pushes');
    await eventually(async () => ((await settings(table, FOREHAND)).push.devices === 1 ? true : undefined), 'the gone devices removed');
    // The flaky one waits for its retry, with its reason kept; then it goes through.
    const waiting = await eventually(async () => {
      const rows = await sql<{ last_error: string | null }>(table, "SELECT last_error FROM deliveries WHERE channel = 'push'");
      return rows[0]?.last_error ? rows : undefined;
    }, 'the failed attempt recorded');
    expect(waiting).toEqual([{ last_error: 'DeliveryFailed: HTTP 503' }]);
    await sql(table, 'UPDATE deliveries SET next_attempt_at = 0');
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
    expect(received.filter((r) => r.endpoint === flaky.endpoint)).toHaveLength(2);
    expect(received.filter((r) => r.endpoint !== flaky.endpoint)).toHaveLength(2); // one each, never again
  });

  it('follows the presence rule of turn mails: none while the seat is at the table, put off and sent once it has left', async () => {
    const phone = await newDevice('present');
    const received = await pushService([phone]);
    const table = await createTable(tableFor(GAME));
    await subscribe(table, FOREHAND, phone);
    await playActions(table, GAME.actions.slice(0, 3), 0); // forehand just decided on doubling: it is at the table
    await deliveriesDone(table);
    expect(received).toEqual([]);
    expect(await sql(table, 'SELECT seat FROM deferred_turn_mail')).toEqual([{ seat: FOREHAND }]);
    await playersLeave(table, true);
    await sql(table, 'UPDATE deferred_turn_mail SET check_at = 0');
    await evictDurableObject(tableStub(table.tableId));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
    expect(received.map((r) => r.payload)).toEqual([expect.objectContaining({ type: 'turn', seat: FOREHAND, version: 3 })]);
  });

  it('the unread rule of turn mails does not hold them back: with a turn mail unread, the next turn is pushed but not mailed', async () => {
    const mails: unknown[] = [];
    watchMail((mail: { to: string }) => void mails.push(mail));
    const phone = await newDevice('unread');
    const received = await pushService([phone]);
    const address = newAddress('unread');
    const table = await createTable(tableFor(GAME, { seats: [0, 1, 2].map((s) => (s === FOREHAND ? { email: address } : {})) }));
    await confirmAt(table, address);
    mails.length = 0; // the confirmation, and the turn mail of the move owed
    await subscribe(table, FOREHAND, phone);
    await playActions(table, GAME.actions.slice(0, 3), 0); // forehand is at the table: both put off
    // As if a turn mail had reached forehand since and not been read.
    await sql(table, 'INSERT OR REPLACE INTO unread_turn_mail (seat, sent_at) VALUES (?, ?)', FOREHAND, Date.now());
    await playersLeave(table, true);
    await sql(table, 'UPDATE deferred_turn_mail SET check_at = 0');
    await evictDurableObject(tableStub(table.tableId));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await deliveriesDone(table);
    expect(received.map((r) => r.payload)).toEqual([expect.objectContaining({ type: 'turn', seat: FOREHAND, version: 3 })]);
    expect(mails).toEqual([]);
  });

  it('a device removed while its push waits: the push is dropped', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const phone = await newDevice('removed');
    const received = await pushService([phone], () => 503);
    const table = await createTable(tableFor(GAME));
    await subscribe(table, FOREHAND, phone);
    await forehandsTurn(table);
    await eventually(async () => (received.length === 1 ? true : undefined), 'the first attempt');
    await eventually(
      async () => ((await sql(table, "SELECT 1 FROM deliveries WHERE channel = 'push' AND attempts = 1")).length === 1 ? true : undefined),
      'a retry waiting',
    );
    await putNotifications(table.tableId, table.seats[FOREHAND]!.token, { pushRemove: phone.endpoint });
    expect(await sql(table, "SELECT 1 FROM deliveries WHERE channel = 'push'")).toEqual([]);
  });

  it(`pushes share the table's ${TABLE_WEBHOOKS_PER_MINUTE} webhook attempts per minute`, async () => {
    const phone = await newDevice('budget');
    const received = await pushService([phone]);
    const table = await createTable(tableFor(GAME));
    await subscribe(table, FOREHAND, phone);
    await sql(table, 'CREATE TABLE IF NOT EXISTS webhook_sends (at INTEGER NOT NULL)');
    const now = Date.now();
    for (let i = 0; i < TABLE_WEBHOOKS_PER_MINUTE; i++) await sql(table, 'INSERT INTO webhook_sends (at) VALUES (?)', now);
    await forehandsTurn(table);
    const held = await eventually(
      async () =>
        (
          await sql<{ next_attempt_at: number; attempts: number }>(table, "SELECT next_attempt_at, attempts FROM deliveries WHERE channel = 'push'")
        )[0],
      'a push waiting',
    );
    expect(held.attempts).toBe(0);
    expect(held.next_attempt_at).toBeGreaterThan(Date.now() + 30_000);
    expect(received).toEqual([]);
  });
});
