/**
 * Helpers for the Worker tests: they talk to the real Worker (`exports.default`, the
 * `main` of wrangler.toml) over HTTP and WebSocket exactly as API.md describes it.
 */
import { env, exports } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { CardCode } from '../../shared/cards.js';
import { parseRecord } from '../../shared/notation.js';
import { cardCodesIn } from '../../shared/view.js';
import type { Seat } from '../../shared/options.js';
import type { GameRecord } from '../../shared/record.js';
import { ACTIVE_SEAT_MINUTES } from '../../worker/notifications/presence.js';
import { TableObject, type StorageMeter } from '../../worker/table/table-object.js';
import type { PublishedGame, TableView } from '../../worker/published/published.js';
import type { Table } from '../../worker/model/table.js';

export type { PublishedGame, TableView };

export const ORIGIN = 'https://wallachen.test';

export interface ErrorBody {
  error: { code: string; message: string };
}

export interface Link {
  token: string;
  url: string;
}

export interface CreatedTable {
  tableId: string;
  seats: (Link & { seat: Seat })[];
  spectator: Link;
  /** The table admin's link (API.md "Table admin"). */
  admin: Link;
}

/** A request to the Worker; `path` starts with "/". */
export const request = (path: string, init?: RequestInit): Promise<Response> => exports.default.fetch(`${ORIGIN}${path}`, init);

/**
 * A different client each time, so CREATE_LIMITER (20 per minute per client) never bites by
 * accident: a random IPv6 /64, the part of an IPv6 address a client is keyed on (worker/routes/client-key.ts).
 */
export const randomIp = (): string => `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}::1`;

/**
 * The client address a link is used from: a /64 of its own, derived from the token, as if each
 * seat's player sat elsewhere. The per-client limits (READ_LIMITER, SOCKET_LIMITER) then count
 * each link apart, instead of every test of every file sharing the key "local" (no header).
 */
export function clientIpOf(token: string): string {
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return `2001:db8:${(hash >>> 16).toString(16)}:${(hash & 0xffff).toString(16)}::1`;
}

const auth = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}`, 'cf-connecting-ip': clientIpOf(token) });
const JSON_TYPE = { 'content-type': 'application/json' };

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  request(path, { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) });

/** POST /api/tables; the answer must be 201. */
export async function createTable(body: unknown = {}, ip: string = randomIp()): Promise<CreatedTable> {
  const res = await postJson('/api/tables', body, { 'cf-connecting-ip': ip });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  const table = JSON.parse(text) as CreatedTable;
  own.tables.add(table.tableId);
  return table;
}

/**
 * What the running test file made: its tables (createTable) and mail addresses (newAddress).
 * The Worker's files share a runtime (vitest.config.ts), and a table of a file before this one
 * may still send while this one listens (a bot's move, a deadline, a retried webhook): a
 * collector keeps only what is about this file's own (`isOwnTable`, `isOwnAddress`). Emptied as
 * each file starts (test/worker/restore-spies.ts).
 */
const own = { tables: new Set<string>(), addresses: new Set<string>() };
export const isOwnTable = (tableId: string): boolean => own.tables.has(tableId);
/** Written in any case: the Worker compares addresses so (a test writes one in capitals). */
export const isOwnAddress = (address: string): boolean => own.addresses.has(address.toLowerCase());
export function forgetOwn(): void {
  own.tables.clear();
  own.addresses.clear();
}

/**
 * Mails watched without `Auto-Submitted` (RFC 3834: every mail says a program sent it, so that
 * auto-responders do not answer it), of any file's table: restore-spies.ts fails the file
 * that saw one. Kept here, not thrown, since what the stand-in throws the binding throws.
 */
export const unmarkedMail: string[] = [];

/**
 * Stands in for the EMAIL binding, watched at TableObject.sendEmail (a JSRPC binding's own
 * methods cannot be spied on reliably): hands `take` each mail to an address this file made
 * (what `take` throws, the binding throws) and drops the others, unsent.
 */
export function watchMail<M extends { to: string }>(take: (mail: M) => void | Promise<void>): void {
  vi.spyOn(TableObject.prototype as unknown as { sendEmail(message: unknown): Promise<void> }, 'sendEmail').mockImplementation(async (message) => {
    const mail = message as M;
    const marked = (mail as { headers?: Record<string, string> }).headers?.['Auto-Submitted'];
    if (marked !== 'auto-generated' && marked !== 'auto-replied') unmarkedMail.push(`${(mail as { subject?: string }).subject}: ${marked}`);
    if (isOwnAddress(mail.to)) await take(mail);
  });
}

/** POST …/actions with the token; the raw answer. */
export const postAction = (tableId: string, token: string, action: unknown): Promise<Response> =>
  postJson(`/api/tables/${tableId}/actions`, action, auth(token));

/** POST …/actions that must be accepted: the caller's new view. */
export async function act(tableId: string, token: string, action: unknown): Promise<TableView> {
  const res = await postAction(tableId, token, action);
  const text = await res.text();
  expect(res.status, `${JSON.stringify(action)} → ${text}`).toBe(200);
  return JSON.parse(text) as TableView;
}

/** GET /api/tables/{id} that must answer 200. */
export async function view(tableId: string, token: string): Promise<TableView> {
  const res = await request(`/api/tables/${tableId}`, { headers: auth(token) });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as TableView;
}

/** GET …/games that must answer 200. */
export async function games(tableId: string, token: string): Promise<PublishedGame[]> {
  const res = await request(`/api/tables/${tableId}/games`, { headers: auth(token) });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { games: PublishedGame[] }).games;
}

export const putNotifications = (tableId: string, token: string, body: unknown): Promise<Response> =>
  request(`/api/tables/${tableId}/notifications`, { method: 'PUT', headers: { ...JSON_TYPE, ...auth(token) }, body: JSON.stringify(body) });

/** Checks an error answer: its status, its code and the API's error shape; returns the message. */
export async function expectError(res: Response | Promise<Response>, status: number, code: string): Promise<string> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  expect(answer.headers.get('content-type'), text).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ErrorBody;
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

/** Polls `check` until it gives a value other than undefined (outbox and deliveries work in the background). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 3_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------- the table's Durable Object

export type TableStub = DurableObjectStub<TableObject>;

export const tableStub = (tableId: string): TableStub => env.TABLES.get(env.TABLES.idFromName(tableId)) as TableStub;

/** What the table's storage read and wrote since its object started, as the runtime counted it (GET /api/ops/tables/{id}/storage). */
export async function meterOf(table: CreatedTable): Promise<StorageMeter> {
  const answer = await tableStub(table.tableId).storageMeter();
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

/** Runs a query on a table's own SQLite storage (to look at it, or to date it back: time cannot be moved on in workerd). */
export const sql = <T extends Record<string, SqlStorageValue>>(table: CreatedTable, query: string, ...params: SqlStorageValue[]) =>
  runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.sql.exec<T>(query, ...params).toArray());

// ---------------------------------------------------------------- players away from the table

/** Waits until every queued delivery (webhook or mail) was made or dropped. */
export const deliveriesDone = (table: CreatedTable): Promise<true> =>
  eventually(
    async () =>
      // An answer to a move by reply waits on purpose (deliver.ts holdAnswer): answersHeldGo sends it.
      (await sql<{ n: number }>(table, "SELECT COUNT(*) AS n FROM deliveries WHERE NOT (type = 'answer' AND next_attempt_at > ?)", Date.now()))[0]!
        .n === 0
        ? true
        : undefined,
    'every delivery to be made',
  );

/** Time cannot be moved on in workerd: the answers held back for a turn mail (deliver.ts ANSWER_HOLD_MS) are due now, and go. */
export async function answersHeldGo(table: CreatedTable): Promise<void> {
  await sql(table, "UPDATE deliveries SET next_attempt_at = 0 WHERE type = 'answer'");
  await runDurableObjectAlarm(tableStub(table.tableId));
  await deliveriesDone(table);
}

/**
 * When each seat last acted at the table, as the table's memory holds it (Table.actedAt: not
 * stored apart, a woken table reads it from its log), changed by `change`. Time cannot be moved
 * on in workerd: this is how a test dates a seat's last action back without waking the table.
 */
export const actedAt = (table: CreatedTable, change: (acted: readonly (number | null)[]) => readonly (number | null)[] = (a) => a) =>
  runInDurableObject(tableStub(table.tableId), (instance) => {
    const store = (instance as unknown as { parts: { store: { current(): Table | null; table: Table } } }).parts.store;
    const current = store.current()!;
    store.table = Object.freeze({ ...current, actedAt: change(current.actedAt) });
    return store.table.actedAt;
  });

/**
 * Dates every seat's last action back `ms` in the table's memory (actedAt); `inLog`: in its log
 * too, from which a table woken after an eviction reads it (the log's times say more than that:
 * when the chat's messages were new to a seat, when a move became owed).
 */
export async function actedBack(table: CreatedTable, ms: number, inLog = false): Promise<void> {
  // ISO text as toISOString writes it (SQLite's %f: seconds with milliseconds).
  if (inLog) await sql(table, "UPDATE actions SET at = strftime('%Y-%m-%dT%H:%M:%fZ', at, ?)", `-${ms / 1000} seconds`);
  await actedAt(table, (acted) => acted.map((t) => (t === null ? null : t - ms)));
}

/**
 * Time cannot be moved on in workerd: dates every seat's last action back past
 * ACTIVE_SEAT_MINUTES, as if its player had left the table since (worker/table/presence.ts);
 * `evicted`: the table is evicted before it is asked again, so the log is dated back too.
 */
export const playersLeave = (table: CreatedTable, evicted = false) => actedBack(table, (ACTIVE_SEAT_MINUTES + 1) * 60_000, evicted);

/**
 * Plays `actions` as players who are away between moves, as correspondence players are: a
 * seat that acted within ACTIVE_SEAT_MINUTES, or has a turn mail unread, is not mailed its
 * turn (presence.ts). Before each action what was queued is delivered, time passes, and
 * every seat reads its view (so its turn mail is read); after the last, its deliveries are
 * made. Answers the last action's answer.
 */
export async function playAway(
  table: CreatedTable,
  actions: readonly { readonly seat: Seat; readonly action: Action }[],
  fromVersion: number,
): Promise<TableView | null> {
  let last: TableView | null = null;
  for (const [i, step] of actions.entries()) {
    await deliveriesDone(table);
    await playersLeave(table);
    for (const { token } of table.seats) await view(table.tableId, token);
    last = await playActions(table, [step], fromVersion + i);
  }
  await deliveriesDone(table);
  return last;
}

// ---------------------------------------------------------------- mail addresses

/** A name (or a chat message) as a line of a mail's text carries it: between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (notifications/mail/texts.ts). */
export const isolated = (text: string): string => `\u2068${text}\u2069`;

/** A new address for one test: an address's confirmation and hourly limit hold across the tables of a test file. */
export function newAddress(name: string): string {
  const address = `${name}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  own.addresses.add(address.toLowerCase());
  return address;
}

async function hmacOf(message: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(env.TOKEN_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/**
 * The key of an address, computed here as docs/notifications.md, "Turn notifications", describes it (not by
 * the Worker's own code): hex HMAC-SHA256 of "mail-address:" + the address trimmed and
 * lower-cased, with the tests' TOKEN_SECRET (vitest.config.ts).
 */
export async function addressKeyOf(address: string): Promise<string> {
  return Array.from(await hmacOf(`mail-address:${address.trim().toLowerCase()}`), (b) => b.toString(16).padStart(2, '0')).join('');
}

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The path of an address's unsubscribe link, /api/mail/unsubscribe/<key>.<base64url HMAC of "mail-unsubscribe:<key>">,
 * or of its confirm link for table `tableId`, /api/mail/confirm/<key>.<tableId>.<base64url HMAC of "mail-confirm:<key>:<tableId>">.
 */
export async function mailLinkPath(address: string, purpose: 'unsubscribe'): Promise<string>;
export async function mailLinkPath(address: string, purpose: 'confirm', tableId: string): Promise<string>;
export async function mailLinkPath(address: string, purpose: 'confirm' | 'unsubscribe', tableId?: string): Promise<string> {
  const key = await addressKeyOf(address);
  if (purpose === 'unsubscribe') return `/api/mail/unsubscribe/${key}.${base64url(await hmacOf(`mail-unsubscribe:${key}`))}`;
  return `/api/mail/confirm/${key}.${tableId}.${base64url(await hmacOf(`mail-confirm:${key}:${tableId}`))}`;
}

/** Confirms `address` at `table` as its owner does: the button of the confirm page of that table's confirmation mail (a form POST from our own origin). */
export async function pressConfirm(table: CreatedTable, address: string): Promise<void> {
  const res = await request(await mailLinkPath(address, 'confirm', table.tableId), {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(res.status, await res.text()).toBe(200);
}

/** Confirms `addresses` at `table` (pressConfirm); the table then mails what its seats with them owe: answers once that was delivered. */
export async function confirmAt(table: CreatedTable, ...addresses: string[]): Promise<void> {
  for (const address of addresses) await pressConfirm(table, address);
  await deliveriesDone(table);
}

export const addressStubOf = async (address: string) => env.ADDRESSES.get(env.ADDRESSES.idFromName(await addressKeyOf(address)));

/** Time cannot be moved on in workerd: dates the address's mails of this hour an hour back, so its hourly limit starts afresh. */
export async function anHourPassesFor(address: string): Promise<void> {
  await runInDurableObject(await addressStubOf(address), (_i, state) => {
    state.storage.sql.exec('UPDATE sends SET at = at - 3600000');
  });
}

// ---------------------------------------------------------------- the hand-made games

const GAME_FILES = import.meta.glob('../engine/games/*.txt', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The hand-made games of test/engine/games, parsed and replayed by the engine, by file name (without .txt). */
export const HAND_MADE: ReadonlyMap<string, GameRecord> = new Map(
  Object.entries(GAME_FILES)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, text]) => {
      const name = path.replace(/^.*\//, '').replace(/\.txt$/, '');
      const parsed = parseRecord(text);
      if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`);
      return [name, parsed.value] as const;
    }),
);

export function handMade(name: string): GameRecord {
  const record = HAND_MADE.get(name);
  if (record === undefined) throw new Error(`no hand-made game ${name}`);
  return record;
}

/**
 * The hand-made files that are one series together: an all-pass redeal and the game dealt
 * after it (10+11 the pot taken by the declarer, 16+17 shared by potTo winners, 18+19 the
 * forced game after maxRedeals and the pot paid back at the end, R5.2–R5.4).
 */
export const HAND_MADE_PAIRS: readonly (readonly [string, string])[] = [
  ['10-pot-redeal', '11-pot-payout'],
  ['16-pot-winners-redeal-doubled', '17-pot-winners-shared'],
  ['18-max-redeals-pass', '19-max-redeals-forced-payback'],
];

/** Every hand-made file in order, grouped as a table plays them: a pair above, or a single game. */
export const HAND_MADE_SERIES: readonly (readonly string[])[] = [...HAND_MADE.keys()].flatMap((name): (readonly string[])[] => {
  const pair = HAND_MADE_PAIRS.find((p) => p.includes(name));
  return pair === undefined ? [[name]] : pair[0] === name ? [pair] : [];
});

/** The body of POST /api/tables that deals this record's game as the table's only game. */
export const tableFor = (record: GameRecord, extra: Record<string, unknown> = {}) => ({
  options: { ...record.options, firstDealer: record.dealer, games: 1 },
  deals: [record.deal],
  ...extra,
});

/** Plays `actions` at the table, each with its seat's token and the expected version; returns the last answer. */
export async function playActions(
  table: CreatedTable,
  actions: readonly { readonly seat: Seat; readonly action: Action }[],
  fromVersion: number,
): Promise<TableView | null> {
  let last: TableView | null = null;
  let version = fromVersion;
  for (const { seat, action } of actions) {
    last = await act(table.tableId, table.seats[seat]!.token, { ...action, version });
    expect(last.version).toBe(++version);
  }
  return last;
}

// ---------------------------------------------------------------- what a seat may know (R10.2)

/**
 * The cards `seat` (null: a spectator) may have seen after the first `done` actions of
 * `record`: its own dealt cards (only its packet while the doubling window is open), the
 * cards played so far, and for the declarer after the pickup the stock.
 */
export function knowable(record: GameRecord, seat: Seat | null, done: number): Set<CardCode> {
  const actions = record.actions.slice(0, done);
  const packetOnly = record.options.doubling && actions.filter((a) => a.action.type === 'double').length < 3;
  const lastAuctionAction = record.actions.reduce(
    (last, a, i) => (a.action.type === 'bid' || a.action.type === 'hold' || a.action.type === 'pass' ? i : last),
    -1,
  );
  const pickedUp = record.declarer !== null && done > lastAuctionAction;
  const known = new Set<CardCode>();
  if (seat !== null) for (const card of record.deal.hands[seat].slice(0, packetOnly ? 3 : 10)) known.add(card);
  if (seat !== null && seat === record.declarer && pickedUp) for (const card of record.deal.stock) known.add(card);
  for (const { action } of actions) if (action.type === 'play') known.add(action.card);
  return known;
}

/**
 * The card codes a mail's or a page's text names as words. Links and addresses are left out
 * first: a link's token or a reply address is random text that names a card now and then
 * ("…-S8-…"), which says nothing of any card.
 */
export const cardsInText = (text: string): Set<CardCode> => cardCodesIn(text.replace(/https?:\/\/\S+|\S+@\S+/g, ' ').split(/[^A-Za-z0-9]+/));

/** Fails unless every card named anywhere in `value` is one `allowed` holds. */
export function expectOnlyCards(found: Set<CardCode>, allowed: Set<CardCode>, what: string): void {
  const leaked = [...found].filter((card) => !allowed.has(card));
  expect(leaked, `${what} shows cards it may not see`).toEqual([]);
}

// ---------------------------------------------------------------- WebSockets

export interface Socket {
  readonly ws: WebSocket;
  readonly response: Response;
  /** The next message (parsed JSON); fails after `timeoutMs`. */
  next(timeoutMs?: number): Promise<{ type: string; view?: TableView; [key: string]: unknown }>;
  /** How many messages arrived and were not read yet. */
  pending(): number;
  close(): void;
}

/**
 * Opens GET …/ws. `token` goes into the Authorization header, or with `via: "protocol"` into
 * the subprotocols as a browser sends it ("wallachen, bearer.<token>").
 */
export async function connect(tableId: string, token: string, via: 'header' | 'protocol' = 'header'): Promise<Socket> {
  const headers: Record<string, string> = { upgrade: 'websocket', 'cf-connecting-ip': clientIpOf(token) };
  if (via === 'header') headers.authorization = `Bearer ${token}`;
  else headers['sec-websocket-protocol'] = `wallachen, bearer.${token}`;
  const response = await request(`/api/tables/${tableId}/ws`, { headers });
  if (response.status !== 101) throw new Error(`no WebSocket: ${response.status} ${await response.text()}`);
  const ws = response.webSocket;
  if (ws === null) throw new Error('101 without a WebSocket');
  const queue: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  ws.addEventListener('message', (event) => {
    const text = typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
    const waiter = waiting.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  ws.accept();
  return {
    ws,
    response,
    next(timeoutMs = 2_000) {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(JSON.parse(queued));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(receive), 1);
          reject(new Error(`no WebSocket message within ${timeoutMs} ms`));
        }, timeoutMs);
        const receive = (text: string) => {
          clearTimeout(timer);
          resolve(JSON.parse(text));
        };
        waiting.push(receive);
      });
    },
    pending: () => queue.length,
    close: () => ws.close(1000, 'done'),
  };
}

/** Every R2 key under `prefix`. */
export async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.RECORDS.list({ prefix, ...(cursor === undefined ? {} : { cursor }) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor !== undefined);
  return keys;
}
