/**
 * Mail that players keep (docs/notifications.md, "Mail modes, the daily digest and the delivery log"):
 * per seat each turn, a daily digest, or no mail; the digest lives with the address (its
 * Durable Object), is sent by its alarm at most once a day, lists every table where the
 * address owes a move with the seat's working link, and never a card; each seat's delivery
 * log keeps its last 50 attempts, for the seat only.
 *
 * Mails are watched at TableObject.sendEmail (as in mail.test.ts): the digest is written by
 * the address's object and carried by one of the tables it lists, which knows the address.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { cardCodesIn } from '../../shared/view.js';
import { ADDRESS_MAILS_PER_HOUR, DIGEST_ENTRIES_PER_ADDRESS } from '../../worker/model/limits.js';
import { digestMail, type DigestEntry } from '../../worker/notifications/digest/digest.js';
import { type DeliveryLog } from '../../worker/storage/delivery-log.js';
import { DELIVERY_LOG_SIZE } from '../../worker/model/limits.js';
import {
  cardsInText,
  addressStubOf,
  anHourPassesFor,
  confirmAt,
  type CreatedTable,
  createTable,
  deliveriesDone,
  eventually,
  handMade,
  isolated,
  mailLinkPath,
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
  view,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** The first action is seat 0's doubling decision: at the deal all three seats owe one (R5), after it seat 0 owes nothing. */
const FIRST = GAME.actions[0]!;
const SEAT = FIRST.seat;

interface SentMail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

let mails: SentMail[] = [];

beforeEach(() => {
  mails = [];
  watchMail((mail: SentMail) => void mails.push(mail));
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const mail of mails) {
    const unsubscribe = `${ORIGIN}${await mailLinkPath(mail.to, 'unsubscribe')}`;
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
  }
});

const put = async (table: CreatedTable, seat: Seat, body: unknown) => {
  const res = await putNotifications(table.tableId, table.seats[seat]!.token, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { mail: string; email: string | null };
};
const getNotifications = async (table: CreatedTable, seat: Seat) =>
  (await (
    await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${table.seats[seat]!.token}` } })
  ).json()) as {
    mail: string;
    email: string | null;
  };
const deliveries = (table: CreatedTable, token: string) =>
  request(`/api/tables/${table.tableId}/deliveries`, { headers: { authorization: `Bearer ${token}` } });
const logOf = async (table: CreatedTable, seat: Seat) => {
  const res = await deliveries(table, table.seats[seat]!.token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { deliveries: { at: string; channel: string; event: string; outcome: string; detail?: string }[] }).deliveries;
};
/** The newest entry of SEAT's delivery log on the digest's channel. */
const lastDigestEntry = async (table: CreatedTable) => (await logOf(table, SEAT)).find((e) => e.channel === 'digest');
/** A digest entry as a table hands it over, for entries told to an address's object directly. */
const ENTRY: Omit<DigestEntry, 'addressKey' | 'tableId'> = {
  seat: 0,
  tableName: 'Elsewhere',
  seatName: 'Vroni',
  since: Date.UTC(2026, 10, 30, 12),
  deadline: null,
  lang: null,
  origin: ORIGIN,
  nonce: null,
};
const entriesOf = async (address: string) => (await addressStubOf(address)).digestEntries();
const entriesAre = (address: string, n: number) =>
  eventually(async () => ((await entriesOf(address)).length === n ? true : undefined), `${n} digest entries`);

describe('mail modes', () => {
  it('PUT sets turn, digest or off, GET answers it; "turn" by default; off keeps the address; anything else is refused', async () => {
    const table = await createTable(tableFor(GAME));
    const address = newAddress('modes');
    expect((await put(table, SEAT, { email: address })).mail).toBe('turn');
    expect((await getNotifications(table, SEAT)).mail).toBe('turn');
    expect((await put(table, SEAT, { mail: 'digest' })).mail).toBe('digest');
    expect(await getNotifications(table, SEAT)).toMatchObject({ mail: 'digest', email: address });
    expect(await put(table, SEAT, { mail: 'off' })).toMatchObject({ mail: 'off', email: address });
    expect(await getNotifications(table, SEAT)).toMatchObject({ mail: 'off', email: address });
    expect((await putNotifications(table.tableId, table.seats[SEAT]!.token, { mail: 'weekly' })).status).toBe(400);
    expect((await put(table, SEAT, { email: null })).mail).toBe('off'); // the mode stays for the next address
  });

  it('with digest or off no turn mail is sent; with turn it is', async () => {
    const address = newAddress('quiet');
    const table = await createTable(tableFor(GAME));
    const mode: Record<Seat, string> = { 0: 'digest', 1: 'off', 2: 'turn' };
    for (const seat of [0, 1, 2] as Seat[]) await put(table, seat, { email: address, mail: mode[seat] });
    await confirmAt(table, address);
    mails.length = 0;
    await playAway(table, GAME.actions.slice(0, 6), 0);
    await deliveriesDone(table);
    expect(mails.length).toBeGreaterThan(0);
    // Every mail went to seat 2's turns: "turn" names the seat; the names are the defaults of tableFor.
    const names = (await view(table.tableId, table.seats[0]!.token)).seats.map((s) => s.name);
    for (const mail of mails) {
      expect(mail.text).toContain(`${isolated(names[2]!)},`);
      expect(mail.text).not.toContain(`${isolated(names[0]!)},`);
      expect(mail.text).not.toContain(`${isolated(names[1]!)},`);
    }
  });
});

describe('the daily digest', () => {
  it('lists every table where the address owes a move, in German for a "de" seat, with working links and no card; at most one a day; a move removes its entry', async () => {
    const address = newAddress('digest');
    // The second name brings its own quotation marks: the digest puts it in no other pair.
    const tables = [await createTable(tableFor(GAME, { name: 'Stammtisch Ost' })), await createTable(tableFor(GAME, { name: '„Kaffeerunde“' }))];
    for (const table of tables) await put(table, SEAT, { email: address, mail: 'digest', lang: 'de' });
    for (const table of tables) await confirmAt(table, address);
    await entriesAre(address, 2);
    // Handing over is logged as queued, no mail went yet but the confirmations.
    expect((await logOf(tables[0]!, SEAT))[0]).toMatchObject({ channel: 'digest', event: 'turn', outcome: 'queued' });
    expect(mails.map((m) => m.subject)).toEqual(['Wallachen: Benachrichtigungen bestätigen?', 'Wallachen: Benachrichtigungen bestätigen?']);
    mails.length = 0;

    const stub = await addressStubOf(address);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [SentMail];
    expect(mail.to).toBe(address);
    expect(mail.subject).toBe('Wallachen: An 2 Tischen wartet dein Zug');
    expect(mail.text).toContain('an diesen 2 Tischen wartet dein Zug:');
    expect(mail.text).not.toMatch(/Hello|your move/);
    expect(cardsInText(`${mail.subject} ${mail.text}`)).toEqual(new Set());
    const seatName = (await view(tables[0]!.tableId, tables[0]!.seats[SEAT]!.token)).seats[SEAT]!.name;
    expect(mail.text).toContain(`\n„${isolated('Stammtisch Ost')}“ – als ${isolated(seatName)}, seit `);
    expect(mail.text).toContain(`\n${isolated('„Kaffeerunde“')} – als ${isolated(seatName)}, seit `);
    // RFC 3676 §4.3: the footer is the mail's signature, after a line "-- ".
    expect(mail.text).toMatch(/\n\n-- \nDie Links sind geheim/);
    for (const table of tables) {
      const name = table === tables[0] ? 'Stammtisch Ost' : '„Kaffeerunde“';
      const match = new RegExp(`${ORIGIN}/t/${table.tableId}#([A-Za-z0-9_-]{43})`).exec(mail.text);
      expect(match, name).not.toBeNull();
      expect(match![1]).toBe(table.seats[SEAT]!.token);
      expect((await view(table.tableId, match![1]!)).seat).toBe(SEAT); // the link works
    }
    expect((await logOf(tables[0]!, SEAT))[0]).toMatchObject({ channel: 'digest', event: 'digest', outcome: 'sent' });

    // The alarm is set for the next day's digest; run now, it sends nothing: at most one a day.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(mails).toHaveLength(1);

    // The seat moves at the first table: its entry goes, the other's stays.
    await playActions(tables[0]!, [FIRST], 0);
    await eventually(async () => {
      const left = await entriesOf(address);
      return left.length === 1 && left[0]!.tableId === tables[1]!.tableId ? true : undefined;
    }, 'the moved table to leave the digest');

    // A day later the digest lists the one table left.
    await runInDurableObject(stub, (_i, state) => void state.storage.sql.exec('UPDATE digest_sent SET at = at - 86400000'));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Wallachen: An 1 Tisch wartet dein Zug');
    expect(mails[1]!.text).toContain('Kaffeerunde');
    expect(mails[1]!.text).not.toContain('Stammtisch Ost');
  });

  it('turning the digest off or ending the table takes the entries back', async () => {
    const address = newAddress('digest-back');
    const table = await createTable(tableFor(GAME));
    await put(table, SEAT, { email: address, mail: 'digest' });
    await confirmAt(table, address);
    await entriesAre(address, 1);
    await put(table, SEAT, { mail: 'turn' });
    await entriesAre(address, 0);
    await put(table, SEAT, { mail: 'digest' });
    await entriesAre(address, 1);
    const ended = await request(`/api/tables/${table.tableId}/admin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${table.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'end' }),
    });
    expect(ended.status, await ended.text()).toBe(200);
    await entriesAre(address, 0);
  });

  it('a table deleted after RETENTION_DAYS without a move takes its entries back', async () => {
    const address = newAddress('digest-retired');
    const table = await createTable(tableFor(GAME));
    await put(table, SEAT, { email: address, mail: 'digest' });
    await confirmAt(table, address);
    await entriesAre(address, 1);
    await eventually(async () => ((await tableStub(table.tableId).pendingHistory()) === 0 ? true : undefined), 'the history to reach D1');
    const then = new Date(Date.now() - 181 * 86_400_000).toISOString();
    await sql(table, 'UPDATE deals SET dealt_at = ?', then);
    await sql(table, 'UPDATE settings SET created_at = ?', then);
    await evictDurableObject(tableStub(table.tableId));
    await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.setAlarm(Date.now()));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    expect((await request(`/api/tables/${table.tableId}`, { headers: { authorization: `Bearer ${table.seats[SEAT]!.token}` } })).status).toBe(404);
    await entriesAre(address, 0);
  });

  it('seats of one address with different languages get the digest in both; all of one language, in that one', () => {
    const entry = (tableId: string, lang: 'de' | 'en' | null): DigestEntry => ({
      addressKey: 'k',
      tableId,
      seat: 0,
      tableName: tableId,
      seatName: 'Vroni',
      since: Date.UTC(2026, 10, 30, 12),
      deadline: '2026-12-01T12:00:00.000Z',
      lang,
      origin: ORIGIN,
      nonce: null,
    });
    const mixed = digestMail(
      [
        { entry: entry('a', 'de'), link: null },
        { entry: entry('b', 'en'), link: null },
      ],
      'https://u',
    );
    expect(mixed.subject).toBe('Wallachen: An 2 Tischen wartet dein Zug / your move at 2 tables');
    expect(mixed.text).toContain('an diesen 2 Tischen wartet dein Zug:');
    expect(mixed.text).toContain('your move is awaited at these 2 tables:');
    expect(mixed.text).toContain('Zugfrist bis 2026-12-01 12:00 UTC');
    expect(mixed.text).toContain('Move by 2026-12-01 12:00 UTC');
    const english = digestMail([{ entry: entry('a', 'en'), link: null }], 'https://u');
    expect(english.subject).toBe('Wallachen: your move at 1 table');
    expect(english.text).not.toContain('Hallo');
  });

  it("counts against the address's hourly limit: an address that had its mails this hour gets no digest, and the entries wait", async () => {
    const address = newAddress('digest-limit');
    const table = await createTable(tableFor(GAME));
    await put(table, SEAT, { email: address, mail: 'digest' });
    await confirmAt(table, address);
    await entriesAre(address, 1);
    await anHourPassesFor(address);
    mails.length = 0;
    const stub = await addressStubOf(address);
    await runInDurableObject(stub, (_i, state) => {
      for (let i = 0; i < ADDRESS_MAILS_PER_HOUR; i++)
        state.storage.sql.exec("INSERT INTO sends (at, table_id, kind) VALUES (?, 'other', 'mail')", Date.now());
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(mails).toEqual([]);
    expect(await entriesOf(address)).toHaveLength(1);
    await anHourPassesFor(address);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(mails).toHaveLength(1);
  });

  it("a table the address has not confirmed hands over no entry: its seat's log says so; once confirmed, the entry is kept", async () => {
    const address = newAddress('unconfirmed');
    const table = await createTable(tableFor(GAME, { name: 'Geheimtisch' }));
    await put(table, SEAT, { email: address, lang: 'en' }); // asked to confirm: its object exists now
    await put(table, SEAT, { mail: 'digest' });
    await eventually(
      async () => ((await logOf(table, SEAT)).some((e) => e.channel === 'digest' && e.outcome === 'dropped') ? true : undefined),
      'the refused hand-over',
    );
    expect(await lastDigestEntry(table)).toMatchObject({ event: 'turn', outcome: 'dropped', detail: 'the address has not confirmed this table' });
    expect(await entriesOf(address)).toEqual([]);
    // Its alarm, when it rings, sends no digest: only the confirmation went.
    expect(await runDurableObjectAlarm(await addressStubOf(address))).toBe(true);
    expect(mails.map((m) => m.subject)).toEqual(['Wallachen: confirm notifications?']);
    expect(mails[0]!.text).not.toContain('Geheimtisch');
    await confirmAt(table, address);
    await entriesAre(address, 1);
    expect(await lastDigestEntry(table)).toMatchObject({ event: 'turn', outcome: 'queued' });
  });

  it(`an address's digest keeps at most ${DIGEST_ENTRIES_PER_ADDRESS} entries: a further table's is refused, and its seat's log says so`, async () => {
    const address = newAddress('full');
    const stub = await addressStubOf(address);
    // The address confirmed DIGEST_ENTRIES_PER_ADDRESS tables whose seats owe a move (told directly: fifty real tables would only be slower).
    const others = Array.from({ length: DIGEST_ENTRIES_PER_ADDRESS }, () => crypto.randomUUID().replaceAll('-', '').slice(0, 16));
    for (const tableId of others) {
      await stub.confirm({ tableId });
      expect(await stub.digestOwed({ ...ENTRY, addressKey: 'k', tableId })).toBe('accepted');
    }
    expect(await stub.digestOwed({ ...ENTRY, addressKey: 'k', tableId: others[0]!, seatName: 'changed' })).toBe('accepted'); // a known one may change
    const table = await createTable(tableFor(GAME));
    await put(table, SEAT, { email: address, mail: 'digest' });
    await confirmAt(table, address);
    const full = `the address's digest lists ${DIGEST_ENTRIES_PER_ADDRESS} tables already`;
    await eventually(async () => ((await lastDigestEntry(table))?.detail === full ? true : undefined), 'the refused hand-over');
    expect(await lastDigestEntry(table)).toMatchObject({ event: 'turn', outcome: 'dropped' });
    expect(await entriesOf(address)).toHaveLength(DIGEST_ENTRIES_PER_ADDRESS);
    expect((await entriesOf(address)).map((e) => e.tableId)).not.toContain(table.tableId);
  });
});

describe('the delivery log', () => {
  it('shows a webhook success and failure and a mail, newest first, with no card, address or URL', async () => {
    let n = 0;
    const hook = 'https://hooks.example.com/log';
    // The first post to this hook fails; another file's table may post elsewhere meanwhile.
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (input, init) => new Response(null, { status: new Request(input, init).url === hook && n++ === 0 ? 500 : 204 }),
    );
    const address = newAddress('logged');
    const table = await createTable(tableFor(GAME));
    // Seat 1 is forehand: once the three have decided on doubling, it owes the first bid, a turn told by webhook and mail.
    const seat: Seat = 1;
    await put(table, seat, { webhookUrl: hook, email: address });
    await confirmAt(table, address);
    await playAway(table, GAME.actions.slice(0, 2), 0);
    await playersLeave(table);
    await playActions(table, GAME.actions.slice(2, 3), 2);
    await eventually(async () => {
      const log = await logOf(table, seat);
      return log.some((e) => e.channel === 'webhook' && e.outcome === 'failed') ? true : undefined;
    }, 'a failed webhook attempt');
    await sql(table, 'UPDATE deliveries SET next_attempt_at = 0');
    await runDurableObjectAlarm(tableStub(table.tableId));
    await deliveriesDone(table);
    const log = await logOf(table, seat);
    expect(log).toContainEqual(expect.objectContaining({ channel: 'webhook', outcome: 'failed', detail: 'HTTP 500' }));
    expect(log).toContainEqual(expect.objectContaining({ channel: 'webhook', outcome: 'sent' }));
    expect(log).toContainEqual(expect.objectContaining({ channel: 'email', outcome: 'sent' }));
    const times = log.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const text = JSON.stringify(log);
    expect(cardCodesIn(log)).toEqual(new Set());
    expect(text).not.toContain(address);
    expect(text).not.toContain('hooks.example.com');
  });

  it(`keeps the last ${DELIVERY_LOG_SIZE} per seat, is the seat's own: other seats see theirs, spectators and the admin get 403`, async () => {
    const table = await createTable(tableFor(GAME));
    await runInDurableObject(tableStub(table.tableId), (instance) => {
      const log = (instance as unknown as { parts: { deliveryLog: DeliveryLog } }).parts.deliveryLog;
      for (let i = 0; i < DELIVERY_LOG_SIZE + 10; i++) log.record(SEAT, 'webhook', 'turn', 'failed', `HTTP ${500 + i}`, 1_000_000 + i);
    });
    const log = await logOf(table, SEAT);
    expect(log).toHaveLength(DELIVERY_LOG_SIZE);
    expect(log[0]!.detail).toBe(`HTTP ${500 + DELIVERY_LOG_SIZE + 9}`);
    expect(log.at(-1)!.detail).toBe('HTTP 510');
    const other = ((SEAT + 1) % 3) as Seat;
    expect(await logOf(table, other)).toEqual([]);
    expect((await deliveries(table, table.spectator.token)).status).toBe(403);
    expect((await deliveries(table, table.admin.token)).status).toBe(403);
    expect((await deliveries(table, 'x'.repeat(43))).status).toBe(403);
  });
});
