/**
 * Mail that nobody can turn into a spam relay (API.md, "Mail"): the first mail from a table
 * to an address asks it to confirm that table, is sent when the address is set, and carries
 * nothing the table's creator chose; nothing else goes from that table until the address
 * confirmed it (by a button: a GET confirms nothing), and a confirmation at one table opens
 * no other. An address gets at most CONFIRMATIONS_PER_DAY confirmation mails a day over all
 * tables, one per table a day; every mail can be stopped with one click (RFC 8058), for
 * every table at once; an address gets at most 10 mails an hour and a table sends at most
 * 30; names in subjects are one clean line.
 *
 * Mails are watched at TableObject.sendEmail, as in notifications.test.ts. The seats play as
 * players away from the table between moves (support.ts playAway), so each turn is mailed. The address's
 * Durable Object keeps its state across the tables (and the tests) of this file: each test
 * takes addresses of its own.
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATIONS_PER_DAY } from '../../worker/model/limits.js';
import { UNCONFIRMED_RETENTION_MS } from '../../worker/notifications/mail/address-object.js';
import { TABLE_MAILS_PER_HOUR } from '../../worker/model/limits.js';
import { deadlineName, oneLine } from '../../worker/notifications/mail/texts.js';
import {
  addressKeyOf,
  addressStubOf,
  anHourPassesFor,
  confirmAt,
  type CreatedTable,
  createTable,
  eventually,
  handMade,
  isolated,
  mailLinkPath,
  newAddress,
  ORIGIN,
  playAway,
  putNotifications,
  request,
  sql,
  tableFor,
  tableStub,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
const FOREHAND = ((GAME.dealer + 1) % 3) as Seat;
const SEATS: Seat[] = [0, 1, 2];

interface SentMail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** Every mail handed to the EMAIL binding in this test (instead of being sent). */
let mails: SentMail[] = [];
/** Every line the Worker and the objects logged in this test. */
let logged: string[] = [];
/** The next mail to this address fails at the binding. */
let failing: string | undefined;
/** The binding holds mails to this address (taken, not yet answered) until `until` settles. */
let holding: { address: string; until: Promise<void> } | undefined;

beforeEach(() => {
  mails = [];
  logged = [];
  failing = undefined;
  holding = undefined;
  watchMail(async (mail: SentMail) => {
    if (mail.to === failing) {
      failing = undefined;
      throw new Error('the binding is down');
    }
    mails.push(mail);
    if (mail.to === holding?.address) await holding.until;
  });
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});

/** What every test shows too: each mail has the one-click headers of its own address, its link in the text below a signature separator "-- "; no log holds an address. */
afterEach(async () => {
  vi.restoreAllMocks();
  for (const mail of mails) {
    const unsubscribe = `${ORIGIN}${await mailLinkPath(mail.to, 'unsubscribe')}`;
    expect(mail.headers, mail.subject).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
    expect(mail.text, mail.subject).toContain(unsubscribe);
    // RFC 3676 §4.3: "-- " sets the footer apart as the mail's signature, once.
    const lines = mail.text.split('\n');
    expect(
      lines.filter((line) => line === '-- '),
      mail.subject,
    ).toHaveLength(1);
    expect(
      lines.filter((line) => line.trimEnd() === '--'),
      mail.subject,
    ).toEqual(['-- ']);
    expect(lines.slice(lines.indexOf('-- ')).join('\n'), mail.subject).toContain(unsubscribe);
  }
  const lines = logged.join('\n');
  for (const mail of mails) expect(lines).not.toContain(mail.to);
  expect(lines).not.toMatch(/@example\.com/);
});

const waiting = async (table: CreatedTable) => (await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM deliveries'))[0]!.n;
/** Waits until every queued delivery was made, or dropped. */
const delivered = (table: CreatedTable) => eventually(async () => ((await waiting(table)) === 0 ? true : undefined), 'every delivery to be made');

/** A table of GAME with these seats' addresses (the others none), and extra fields. */
const tableWith = (emails: Partial<Record<Seat, string>>, extra: Record<string, unknown> = {}) =>
  createTable(tableFor(GAME, { seats: SEATS.map((seat) => ({ ...(emails[seat] === undefined ? {} : { email: emails[seat] }) })), ...extra }));

/** The address as table `table` sees it (emailState). */
const stateAt = async (address: string, table: CreatedTable) => (await addressStubOf(address)).stateAt({ tableId: table.tableId });
const CONFIRM_SUBJECT = 'Wallachen: Benachrichtigungen bestätigen? / confirm notifications?';
const confirmations = () => mails.filter((m) => /confirm notifications\?|Benachrichtigungen bestätigen\?/.test(m.subject));
const form = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body,
});
const dropped = (why: RegExp) => logged.filter((line) => /dropped/.test(line) && why.test(line));
/** PUT …/notifications for `seat` that must answer 200; answers the body. */
const put = async (table: CreatedTable, seat: Seat, body: unknown) => {
  const res = await putNotifications(table.tableId, table.seats[seat]!.token, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as { email: string | null; emailState: string | null; confirmation?: string };
};
const settingsOf = async (table: CreatedTable, seat: Seat) => {
  const res = await request(`/api/tables/${table.tableId}/notifications`, { headers: { authorization: `Bearer ${table.seats[seat]!.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { email: string | null; emailState: string | null; confirmation?: string };
};
/** The seat's delivery log (GET …/deliveries), newest first. */
const deliveryLogOf = async (table: CreatedTable, seat: Seat) => {
  const res = await request(`/api/tables/${table.tableId}/deliveries`, { headers: { authorization: `Bearer ${table.seats[seat]!.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { deliveries: { at: string; channel: string; event: string; outcome: string; detail?: string }[] }).deliveries;
};
/** Time cannot be moved on in workerd: dates the address's confirmation mails a day back, as if that day had passed. */
const aDayPassesFor = async (address: string) =>
  runInDurableObject(await addressStubOf(address), (_i, state) => {
    state.storage.sql.exec('UPDATE confirmations SET at = at - 86400000');
    state.storage.sql.exec('UPDATE sends SET at = at - 86400000');
  });

describe('the first mail from a table to an address asks it to confirm that table', () => {
  it('a table made with an address sends its confirmation as it is made: nothing the creator chose, the confirm link of this table; no turn mail', async () => {
    const address = newAddress('vroni');
    const table = await createTable(
      tableFor(GAME, {
        name: 'Cheap pills at spam.example',
        seats: [{ name: 'Click here now', email: address }, { name: 'Sepp' }, { name: 'Resi' }],
      }),
    );
    // Sent before the table's answer: not in place of a later mail.
    expect(mails).toHaveLength(1);
    await delivered(table);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [SentMail];
    expect(mail.to).toBe(address);
    expect(mail.subject).toBe(CONFIRM_SUBJECT);
    expect(mail.text).toContain(`someone entered this address at a Wallachen table at ${ORIGIN} to be told of moves at that table.`);
    expect(mail.text).toContain(`jemand hat diese Mailadresse an einem Wallachen-Tisch auf ${ORIGIN} eingetragen`);
    const confirm = `${ORIGIN}${await mailLinkPath(address, 'confirm', table.tableId)}`;
    expect(mail.text).toContain(confirm);
    // The table's id (random, not chosen) is in the confirm link only.
    const textWithoutConfirm = mail.text.replaceAll(confirm, '');
    for (const chosen of ['Cheap pills', 'spam.example', 'Click here', 'Sepp', 'Resi', table.seats[0]!.token, table.tableId]) {
      expect(textWithoutConfirm).not.toContain(chosen);
      expect(mail.subject).not.toContain(chosen);
    }
    // Every link in it is ours: where the address was entered, the confirm link and the unsubscribe link.
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(new Set(links)).toEqual(new Set([ORIGIN, confirm, `${ORIGIN}${await mailLinkPath(address, 'unsubscribe')}`]));
    expect(await stateAt(address, table)).toBe('unconfirmed');
    // The turn mail of the deal is dropped (the address has not confirmed this table), not kept for later.
    expect(await waiting(table)).toBe(0);
    expect(dropped(/./)).toHaveLength(1);
    expect(dropped(/the address has not confirmed this table/)).toHaveLength(1);
  });

  it("a confirmation at one table opens no other: the other's emailState stays unconfirmed and its turn mails are not sent; it asks on its own", async () => {
    const address = newAddress('sepp');
    const a = await tableWith({ [FOREHAND]: address });
    await confirmAt(a, address);
    expect(await stateAt(address, a)).toBe('confirmed');
    // Written otherwise, it is the same address: B asks it once, whatever its seats, and no turn mail goes.
    const b = await tableWith({ 0: address.toUpperCase(), [FOREHAND]: address });
    await delivered(b);
    expect(confirmations().map((m) => m.text.includes(b.tableId))).toEqual([false, true]);
    expect((await settingsOf(b, FOREHAND)).emailState).toBe('unconfirmed');
    expect((await settingsOf(a, FOREHAND)).emailState).toBe('confirmed');
    mails.length = 0;
    await playAway(b, GAME.actions.slice(0, 3), 0); // forehand must bid: a turn mail, dropped
    await playAway(a, GAME.actions.slice(0, 3), 0); // the same at A: sent
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[address, 'Wallachen: Du bist dran / your turn at Wallachen']]);
    expect(mails[0]!.text).toContain(a.seats[FOREHAND]!.url);
    expect(dropped(/the address has not confirmed this table/).length).toBeGreaterThan(0);
    expect(await waiting(b)).toBe(0);
  });

  it("A's confirm link cannot confirm B: the sig covers the table", async () => {
    const address = newAddress('swap');
    const a = await tableWith({ 0: address });
    const b = await tableWith({ 0: address });
    // A's link as its confirmation mail has it, made to name B instead.
    const linkOfA = new URL(mails[0]!.text.match(/https:\/\/\S+\/api\/mail\/confirm\/\S+/)![0]).pathname;
    expect(linkOfA).toContain(a.tableId);
    const swapped = linkOfA.replace(a.tableId, b.tableId);
    expect((await request(swapped, form('', { origin: ORIGIN }))).status).toBe(403);
    expect(await stateAt(address, b)).toBe('unconfirmed');
    expect((await request(linkOfA, form('', { origin: ORIGIN }))).status).toBe(200);
    expect(await stateAt(address, a)).toBe('confirmed');
    expect(await stateAt(address, b)).toBe('unconfirmed');
  });

  it('GET on the confirm link shows a button and confirms nothing; the button (POST) confirms; the table then mails the move the seat owes, and later turns', async () => {
    const address = newAddress('resi');
    const table = await tableWith({ [FOREHAND]: address });
    await delivered(table);
    expect(mails).toHaveLength(1);
    const confirm = mails[0]!.text.match(/https:\/\/\S+\/api\/mail\/confirm\/\S+/)![0];
    expect(confirm).toBe(`${ORIGIN}${await mailLinkPath(address, 'confirm', table.tableId)}`);

    // A mail scanner opens the link: a page with a form, and nothing else happens.
    for (let i = 0; i < 2; i++) {
      const page = await request(new URL(confirm).pathname);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toMatch(/script-src|unsafe-inline/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain(`<form method="post" action="${new URL(confirm).pathname}">`);
      expect(html).toContain('lang="de"');
      expect(html).toContain('lang="en"');
      expect(await stateAt(address, table)).toBe('unconfirmed');
    }
    await playAway(table, GAME.actions.slice(0, 3), 0); // forehand must bid: not mailed
    expect(mails).toHaveLength(1);

    // The button: a form post from our own page. The bid forehand owes is mailed at once.
    const res = await request(new URL(confirm).pathname, form('', { origin: ORIGIN }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Confirmed');
    expect(await stateAt(address, table)).toBe('confirmed');
    await delivered(table);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [address, CONFIRM_SUBJECT],
      [address, 'Wallachen: Du bist dran / your turn at Wallachen'],
    ]);
    expect(mails[1]!.text).toContain(table.seats[FOREHAND]!.url);
    await playAway(table, GAME.actions.slice(3, 5), 3); // forehand must hold or pass
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('Wallachen: Du bist dran / your turn at Wallachen');
  });

  it("a seat's new address (PUT) is sent the confirmation at once, in the language given with it, and the answer says so; again within a day: none, and it says why", async () => {
    const table = await tableWith({});
    const address = newAddress('later');
    expect(await put(table, FOREHAND, { email: address, lang: 'en' })).toMatchObject({ emailState: 'unconfirmed', confirmation: 'sent' });
    // Handed over before the answer: the form's "sent" is what happened.
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[address, 'Wallachen: confirm notifications?']]); // in the language it set
    expect(mails[0]!.text).toContain(`${ORIGIN}${await mailLinkPath(address, 'confirm', table.tableId)}`);
    // Saved again (the form sends an unconfirmed address again): not within a day.
    expect(await put(table, FOREHAND, { email: address })).toMatchObject({ emailState: 'unconfirmed', confirmation: 'recently_sent' });
    expect(mails).toHaveLength(1);
    // GET has no `confirmation`; a PUT without an address asks nothing.
    expect(await settingsOf(table, FOREHAND)).not.toHaveProperty('confirmation');
    expect(await put(table, FOREHAND, { mail: 'turn' })).not.toHaveProperty('confirmation');
    // The seat's log says it too.
    const log = await (
      await request(`/api/tables/${table.tableId}/deliveries`, { headers: { authorization: `Bearer ${table.seats[FOREHAND]!.token}` } })
    ).json();
    expect((log as { deliveries: unknown[] }).deliveries.slice(0, 2)).toEqual([
      expect.objectContaining({
        channel: 'email',
        event: 'confirmation',
        outcome: 'dropped',
        detail: 'this table asked the address less than a day ago',
      }),
      expect.objectContaining({ channel: 'email', event: 'confirmation', outcome: 'sent' }),
    ]);
    // A day later it may be asked again.
    await aDayPassesFor(address);
    expect(await put(table, FOREHAND, { email: address })).toMatchObject({ confirmation: 'sent' });
    expect(mails).toHaveLength(2);
    // Confirmed: saving it again sends nothing.
    await confirmAt(table, address);
    mails.length = 0;
    expect(await put(table, FOREHAND, { email: address })).toMatchObject({ emailState: 'confirmed', confirmation: 'confirmed' });
    expect(mails).toEqual([]);
  });

  it('the answer does not wait for the mail service: a binding that holds the confirmation mail holds up no answer', async () => {
    const table = await tableWith({});
    const address = newAddress('slow');
    let release = () => {};
    holding = { address, until: new Promise<void>((resolve) => (release = resolve)) };
    const answer = put(table, FOREHAND, { email: address });
    const late = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000));
    try {
      expect(await Promise.race([answer, late])).toMatchObject({ emailState: 'unconfirmed', confirmation: 'sent' });
      expect(mails.map((m) => m.to)).toEqual([address]); // handed over, the binding has not answered yet
    } finally {
      release();
    }
  });

  it('the binding failing: the answer did not wait for it ("sent"), the log says it failed, nothing is counted, and saving again sends it', async () => {
    const table = await tableWith({});
    const address = newAddress('flaky');
    failing = address;
    expect(await put(table, FOREHAND, { email: address })).toMatchObject({ confirmation: 'sent' });
    expect(mails).toEqual([]);
    // Once the binding refused it, the log says so (after the "sent" of the answer), and the permit was given back first.
    const log = await eventually(async () => {
      const entries = (await deliveryLogOf(table, FOREHAND)).slice(0, 2);
      return entries[0]?.outcome === 'dropped' ? entries : undefined;
    }, 'the failure in the log');
    expect(log).toEqual([
      expect.objectContaining({ channel: 'email', event: 'confirmation', outcome: 'dropped', detail: 'the mail could not be handed over' }),
      expect.objectContaining({ channel: 'email', event: 'confirmation', outcome: 'sent' }),
    ]);
    expect(await put(table, FOREHAND, { email: address })).toMatchObject({ confirmation: 'sent' });
    expect(mails).toHaveLength(1);
  });

  it('a confirm link of before confirmations were per table (it names no table) confirms nothing: 410', async () => {
    const address = newAddress('old');
    const table = await tableWith({ [FOREHAND]: address });
    const key = await addressKeyOf(address);
    const encoder = new TextEncoder();
    const secret = await crypto.subtle.importKey('raw', encoder.encode(env.TOKEN_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const oldSig = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('HMAC', secret, encoder.encode(`mail-confirm:${key}`)))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    for (const init of [{}, form('', { origin: ORIGIN })]) {
      const res = await request(`/api/mail/confirm/${key}.${oldSig}`, init);
      expect(res.status).toBe(410);
      expect(await res.text()).toContain('Outdated link');
    }
    expect(await stateAt(address, table)).toBe('unconfirmed');
  });

  it('an address confirmed before confirmations were per table: no table inherits it; a table it was set at then asks it once in place of a mail', async () => {
    const address = newAddress('legacy');
    // Its object as the release before kept it: one row, "confirmed", and no table.
    await runInDurableObject(await addressStubOf(address), (_i, state) => {
      state.storage.sql.exec('CREATE TABLE address (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL, confirmation_sent_at INTEGER)');
      state.storage.sql.exec('CREATE TABLE sends (at INTEGER NOT NULL, table_id TEXT NOT NULL, kind TEXT NOT NULL)');
      state.storage.sql.exec("INSERT INTO address (id, state, confirmation_sent_at) VALUES (1, 'confirmed', ?)", Date.now() - 86_400_000 * 40);
    });
    // A stranger's new table: asks, as for any address; inherits nothing.
    const stranger = await tableWith({ [FOREHAND]: address });
    expect(confirmations()).toHaveLength(1);
    expect(await stateAt(address, stranger)).toBe('unconfirmed');
    await playAway(stranger, GAME.actions.slice(0, 3), 0);
    expect(mails).toHaveLength(1);

    // A table it was set at before (the address stored, never asked): its next mail becomes its confirmation, once.
    const old = await tableWith({});
    await sql(old, 'UPDATE notifications SET email = ? WHERE seat = ?', address, FOREHAND);
    await sql(old, 'INSERT OR IGNORE INTO notifications (seat, email) VALUES (?, ?)', FOREHAND, address);
    await evictDurableObject(tableStub(old.tableId));
    mails.length = 0;
    await playAway(old, GAME.actions.slice(0, 3), 0); // forehand must bid
    expect(mails.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(mails[0]!.text).toContain(await mailLinkPath(address, 'confirm', old.tableId));
    await playAway(old, GAME.actions.slice(3, 5), 3); // forehand again: not asked twice in a day
    expect(mails).toHaveLength(1);
    await confirmAt(old, address);
    expect(mails.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, 'Wallachen: Du bist dran / your turn at Wallachen']);
    expect(await stateAt(address, stranger)).toBe('unconfirmed');
  });
});

describe('limits', () => {
  it(`a stranger naming one address at 50 new tables sends it ${CONFIRMATIONS_PER_DAY} mails that day, nothing that names a table; the rest are told why`, async () => {
    const victim = newAddress('victim');
    // Made ten at a time, as a stranger's script would (each from a client of its own: CREATE_LIMITER does not stop it).
    const tables: CreatedTable[] = [];
    for (let i = 0; i < 50; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        createTable(tableFor(GAME, { name: `Buy now ${i + j}`, seats: [{ name: 'Click', email: victim }, { email: victim }, {}] })),
      );
      tables.push(...(await Promise.all(batch)));
    }
    // Each table asks again, and plays on: its turn mails are not sent either.
    for (const table of tables.slice(0, 10)) expect(await put(table, 0, { email: victim })).toMatchObject({ confirmation: expect.any(String) });
    expect(await put(tables[49]!, 0, { email: victim })).toMatchObject({ emailState: 'unconfirmed', confirmation: 'address_limit' });
    for (const table of tables.slice(0, 3)) await playAway(table, GAME.actions.slice(0, 3), 0);
    const toVictim = mails.filter((m) => m.to === victim);
    expect(toVictim).toHaveLength(CONFIRMATIONS_PER_DAY);
    for (const mail of toVictim) {
      expect(mail.subject).toBe(CONFIRM_SUBJECT);
      expect(mail.text).not.toMatch(/Buy now|Click/);
    }
    // What the address's object keeps does not grow with the tables: this day's confirmations only.
    const kept = await runInDurableObject(await addressStubOf(victim), (_i, state) =>
      ['confirmations', 'confirmed_tables', 'digest'].map((t) => state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`).one().n),
    );
    expect(kept).toEqual([CONFIRMATIONS_PER_DAY, 0, 0]);
    // The next day, as many again.
    await aDayPassesFor(victim);
    for (const table of tables.slice(10, 20)) await put(table, 0, { email: victim });
    expect(mails.filter((m) => m.to === victim)).toHaveLength(2 * CONFIRMATIONS_PER_DAY);
  }, 60_000); // fifty tables made and asked

  it(`the ${ADDRESS_MAILS_PER_HOUR + 1}th mail to one address within an hour is not sent, across two tables; an hour later mail goes again`, async () => {
    const address = newAddress('busy');
    // Every seat of both tables has the address: each asks once, and once confirmed mails its three seats their doubling decision.
    const a = await tableWith({ 0: address, 1: address, 2: address });
    await confirmAt(a, address);
    const b = await tableWith({ 0: address, 1: address, 2: address });
    await confirmAt(b, address);
    expect(confirmations()).toHaveLength(2);
    expect(mails).toHaveLength(8);
    // The window closes (forehand told), 1:6 (seat 2 told), 2:7 (seat 1 told): three more, of which two fit.
    await playAway(a, GAME.actions.slice(0, 5), 0);
    expect(mails).toHaveLength(ADDRESS_MAILS_PER_HOUR);
    await playAway(b, GAME.actions.slice(0, 5), 0); // three more, none fits
    expect(mails).toHaveLength(ADDRESS_MAILS_PER_HOUR);
    expect(dropped(/the address had its limit of mails/)).toHaveLength(4);
    expect(logged.join('\n')).not.toContain(address);

    await anHourPassesFor(address);
    await playAway(b, GAME.actions.slice(5, 6), 5); // 1:hold: seat 2 is told
    expect(mails).toHaveLength(ADDRESS_MAILS_PER_HOUR + 1);
  });

  it(`the ${TABLE_MAILS_PER_HOUR + 1}th mail of one table within an hour is not sent, whatever the address`, async () => {
    const addresses = SEATS.map((seat) => newAddress(`seat${seat}`));
    const table = await tableWith({ 0: addresses[0]!, 1: addresses[1]!, 2: addresses[2]! });
    await confirmAt(table, ...addresses);
    expect(mails).toHaveLength(6); // three confirmations, then three doubling decisions
    // Time cannot be moved on in workerd: the table sent 23 more mails this hour (in its budget), to addresses of no concern here.
    await sql(
      table,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TABLE_MAILS_PER_HOUR - 7}) INSERT INTO mail_sends (at) SELECT ? FROM n`,
      Date.now(),
    );
    await playAway(table, GAME.actions.slice(0, 3), 0); // the 30th: forehand must bid
    expect(mails).toHaveLength(7);
    await playAway(table, GAME.actions.slice(3, 4), 3); // the 31st: seat 2 must bid
    expect(mails).toHaveLength(7);
    expect(dropped(new RegExp(`the table sent its limit of ${TABLE_MAILS_PER_HOUR} mails this hour`))).toHaveLength(1);
    // Not counted at the address either: seat 2's address has had its confirmation and one turn mail.
    const sent = await runInDurableObject(
      await addressStubOf(addresses[2]!),
      (_i, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM sends').one().n,
    );
    expect(sent).toBe(2);
  });
});

describe('unsubscribing', () => {
  it('one click (POST without Authorization or Origin, as mail providers send it) stops the mail of every table to the address', async () => {
    const address = newAddress('done');
    const a = await tableWith({ [FOREHAND]: address });
    const b = await tableWith({ [FOREHAND]: address });
    await confirmAt(a, address);
    await confirmAt(b, address);
    const link = mails[0]!.headers!['List-Unsubscribe']!.slice(1, -1);
    mails.length = 0;

    // The page of the link offers a button and unsubscribes nothing.
    const page = await request(new URL(link).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await stateAt(address, a)).toBe('confirmed');

    const res = await request(new URL(link).pathname, form('List-Unsubscribe=One-Click'));
    expect(res.status).toBe(200);
    expect(await stateAt(address, a)).toBe('unsubscribed');
    expect((await settingsOf(b, FOREHAND)).emailState).toBe('unsubscribed');
    for (const table of [a, b]) {
      await playAway(table, GAME.actions.slice(0, 3), 0); // forehand must bid
    }
    expect(mails).toHaveLength(0);
    expect(dropped(/the address unsubscribed/)).toHaveLength(2);
    // A table it had confirmed cannot even ask it again, and its seat is told why.
    expect(await put(a, FOREHAND, { email: address })).toMatchObject({ emailState: 'unsubscribed', confirmation: 'unsubscribed' });
    // Nor can a new table, which is told nothing of it: it sees an address that never confirmed it (below).
    const c = await tableWith({ 0: address });
    await delivered(c);
    expect(await put(c, 0, { email: address })).toMatchObject({ emailState: 'unconfirmed', confirmation: 'recently_sent' });
    expect(mails).toHaveLength(0);
  });

  it("the page's button unsubscribes too; a table's confirm link subscribes again, for that table only", async () => {
    const address = newAddress('again');
    const a = await tableWith({ 0: address });
    const b = await tableWith({ 0: address });
    await confirmAt(a, address);
    await confirmAt(b, address);
    const res = await request(
      await mailLinkPath(address, 'unsubscribe'),
      form('List-Unsubscribe=One-Click', { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Unsubscribed');
    expect(await stateAt(address, a)).toBe('unsubscribed');
    await confirmAt(a, address);
    expect(await stateAt(address, a)).toBe('confirmed');
    // The unsubscription withdrew B's confirmation: B asks again, if its seat wants it.
    expect(await stateAt(address, b)).toBe('unconfirmed');
  });

  it('a forged, malformed or borrowed link is refused, and so is a form posted from another site', async () => {
    const address = newAddress('victim');
    const table = await tableWith({});
    const confirm = await mailLinkPath(address, 'confirm', table.tableId);
    const unsubscribe = await mailLinkPath(address, 'unsubscribe');
    const key = await addressKeyOf(address);
    const sig = 'A'.repeat(43);
    for (const purpose of ['confirm', 'unsubscribe']) {
      for (const method of ['GET', 'POST']) {
        // Posted as our own page's form would be: the link is what is refused.
        const init = method === 'GET' ? {} : form('List-Unsubscribe=One-Click', { origin: ORIGIN });
        const forged = purpose === 'confirm' ? `${key}.${table.tableId}.${sig}` : `${key}.${sig}`;
        expect((await request(`/api/mail/${purpose}/${forged}`, init)).status).toBe(403);
        expect((await request(`/api/mail/${purpose}/${key}`, init)).status).toBe(404);
        expect((await request(`/api/mail/${purpose}/not-a-link`, init)).status).toBe(404);
        expect((await request(`/api/mail/${purpose}/${key.toUpperCase()}.${sig}`, init)).status).toBe(404);
        expect((await request(`/api/mail/${purpose}/${key}.NOT-A-TABLE.${sig}`, init)).status).toBe(404);
      }
    }
    // The unsubscribe link, which every mail's headers show to mail providers, cannot confirm; nor the other way round.
    const unsubscribeSig = unsubscribe.split('.').at(-1)!;
    expect((await request(`/api/mail/confirm/${key}.${table.tableId}.${unsubscribeSig}`, form('', { origin: ORIGIN }))).status).toBe(403);
    expect((await request(`/api/mail/confirm/${key}.${unsubscribeSig}`, form('', { origin: ORIGIN }))).status).toBe(403);
    expect((await request(confirm.replace('/confirm/', '/unsubscribe/'), form(''))).status).toBe(404);
    // Another site's form (a browser sends its Origin) may neither confirm nor unsubscribe.
    expect((await request(confirm, form('', { origin: 'https://evil.example' }))).status).toBe(403);
    expect((await request(confirm, form(''))).status).toBe(403); // no Origin: no confirmation either
    expect((await request(unsubscribe, form('List-Unsubscribe=One-Click', { origin: 'https://evil.example' }))).status).toBe(403);
    expect(await stateAt(address, table)).toBe('unconfirmed');
  });
});

describe('a stranger\'s table learns nothing of what an address did elsewhere (API.md "Mail")', () => {
  /**
   * One world: the address confirms a table of its own; in the second world it then
   * unsubscribes (from every table), in the first not. Then a stranger makes tables with it
   * and does all a seat and an admin can do with an address: what each request was answered,
   * status, type and body, with what differs between any two runs (the address, times) put
   * in words; and the mails that went to the address meanwhile.
   */
  async function world(unsubscribes: boolean): Promise<{ answers: string[]; mailed: SentMail[]; own: unknown }> {
    const address = newAddress(unsubscribes ? 'left' : 'stayed');
    const own = await tableWith({ [FOREHAND]: address });
    await confirmAt(own, address);
    if (unsubscribes) expect((await request(await mailLinkPath(address, 'unsubscribe'), form('List-Unsubscribe=One-Click'))).status).toBe(200);
    const from = mails.length;
    const answers: string[] = [];
    const ids: string[] = [];
    const said = async (what: string, answer: Promise<Response>) => {
      const res = await answer;
      let text = (await res.text()).replaceAll(address, '<address>').replace(/"at":"[^"]+"/g, '"at":"<time>"');
      for (const [i, id] of ids.entries()) text = text.replaceAll(id, `<table ${i}>`);
      answers.push(`${what}: ${res.status} ${res.headers.get('content-type')} ${text}`);
    };
    const auth = (table: CreatedTable, seat: Seat) => ({ headers: { authorization: `Bearer ${table.seats[seat]!.token}` } });
    const notifications = (table: CreatedTable, seat: Seat) => request(`/api/tables/${table.tableId}/notifications`, auth(table, seat));
    const deliveries = (table: CreatedTable, seat: Seat) => request(`/api/tables/${table.tableId}/deliveries`, auth(table, seat));
    const admin = (table: CreatedTable) =>
      request(`/api/tables/${table.tableId}/admin`, { headers: { authorization: `Bearer ${table.admin.token}` } });

    // A table made with the address (its confirmation asked as it is made), then set again; its seat owes moves, mailed or not.
    const made = await tableWith({ [FOREHAND]: address });
    ids.push(made.tableId);
    await delivered(made);
    await said('made: GET notifications', notifications(made, FOREHAND));
    await said('made: PUT the address again', putNotifications(made.tableId, made.seats[FOREHAND]!.token, { email: address }));
    await playAway(made, GAME.actions.slice(0, 3), 0); // forehand must bid: its turn mail
    await said('made: GET deliveries', deliveries(made, FOREHAND));
    await said('made: GET admin', admin(made));
    // A table whose seat sets the address: asked now, then again; the digest; the log.
    const later = await tableWith({});
    ids.push(later.tableId);
    await said('later: PUT the address', putNotifications(later.tableId, later.seats[0]!.token, { email: address, lang: 'en' }));
    await said('later: PUT it again', putNotifications(later.tableId, later.seats[0]!.token, { email: address }));
    await said('later: PUT digest', putNotifications(later.tableId, later.seats[0]!.token, { mail: 'digest' }));
    await said('later: PUT turn', putNotifications(later.tableId, later.seats[0]!.token, { mail: 'turn' }));
    await said('later: GET notifications', notifications(later, 0));
    await said('later: GET deliveries', deliveries(later, 0));
    // A third: the address had its confirmations of the day (its own table's, then the two above).
    const third = await tableWith({});
    ids.push(third.tableId);
    await said('third: PUT the address', putNotifications(third.tableId, third.seats[1]!.token, { email: address }));
    await said('third: GET deliveries', deliveries(third, 1));
    // And the seat removes it again.
    await said('third: PUT no address', putNotifications(third.tableId, third.seats[1]!.token, { email: null }));
    const ownState = ((await (await notifications(own, FOREHAND)).json()) as { emailState: string }).emailState;
    return { answers, mailed: mails.slice(from).filter((m) => m.to === address), own: ownState };
  }

  it('two worlds alike but for the address unsubscribing at its own table: the stranger is answered byte for byte alike; the unsubscribed address gets nothing', async () => {
    const stayed = await world(false);
    const left = await world(true);
    expect(stayed.answers.join('\n')).toContain('"emailState":"unconfirmed"');
    expect(stayed.answers.join('\n')).toContain('"confirmation":"sent"');
    expect(stayed.answers.join('\n')).toContain('"confirmation":"address_limit"');
    expect(left.answers).toEqual(stayed.answers);
    // Only the mails differ, which only the address sees: the stranger's two confirmations in the first world, nothing in the second.
    expect(stayed.mailed.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, 'Wallachen: confirm notifications?']);
    expect(left.mailed).toEqual([]);
    // The table it had confirmed, and only that one, is told it unsubscribed.
    expect([stayed.own, left.own]).toEqual(['confirmed', 'unsubscribed']);
  });
});

describe('what the mails say', () => {
  it('every kind of mail has the one-click headers, and its footer as a signature after "-- ": confirmation, turn, reminder, the table\'s end', async () => {
    const address = newAddress('kinds');
    const table = await tableWith({ 1: address }, { options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 2 } });
    await confirmAt(table, address);
    // The doubling window is seat 1's move: remind it (as if its deadline were near).
    const then = new Date(Date.now() - 100 * 60_000).toISOString();
    await sql(table, 'UPDATE deals SET dealt_at = ?', then);
    await sql(table, 'UPDATE settings SET created_at = ?', then);
    await evictDurableObject(tableStub(table.tableId));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await delivered(table);
    const half = 12;
    await playAway(table, GAME.actions.slice(0, half), 0);
    await anHourPassesFor(address); // a whole game tells the declarer more often than an hour allows
    await playAway(table, GAME.actions.slice(half), half);
    const kinds = mails.map((m) => m.subject.replace(/^Wallachen: /, '').split(/ \/ | am | at /)[0]);
    expect(new Set(kinds)).toEqual(
      new Set(['Benachrichtigungen bestätigen?', 'Erinnerung (Zugfrist 2 Stunden)', 'Du bist dran', 'Wallachen ist zu Ende']),
    );
  });

  it('the reminder is named as people see the option moveDeadlineHours: "Zugfrist {n} Stunden", "Move deadline {n} hours"', async () => {
    const [english, german, both] = [newAddress('english'), newAddress('deutsch'), newAddress('both')];
    const table = await createTable(
      tableFor(GAME, {
        options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 24 },
        seats: [{ email: english, lang: 'en' }, { email: german, lang: 'de' }, { email: both }],
      }),
    );
    await confirmAt(table, english, german, both);
    mails.length = 0;
    // The doubling window is every seat's move: remind them all, as if 23½ of the 24 hours had passed.
    const then = new Date(Date.now() - 23.5 * 3_600_000).toISOString();
    await sql(table, 'UPDATE deals SET dealt_at = ?', then);
    await sql(table, 'UPDATE settings SET created_at = ?', then);
    await evictDurableObject(tableStub(table.tableId));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    await delivered(table);
    const to = (address: string) => mails.find((m) => m.to === address)!;
    expect(to(english).subject).toBe('Wallachen: Reminder (Move deadline 24 hours): your move at Wallachen');
    expect(to(english).text).toContain('The table is set to "Move deadline 24 hours".');
    expect(to(german).subject).toBe('Wallachen: Erinnerung (Zugfrist 24 Stunden): dein Zug am Tisch Wallachen');
    expect(to(german).text).toContain('Der Tisch ist auf „Zugfrist 24 Stunden“ gestellt.');
    expect(to(both).subject).toBe('Wallachen: Erinnerung (Zugfrist 24 Stunden) / Reminder (Move deadline 24 hours): your move at Wallachen');
    expect(to(both).text).toContain('Der Tisch ist auf „Zugfrist 24 Stunden“ gestellt.');
    expect(to(both).text).toContain('The table is set to "Move deadline 24 hours".');
    // One hour is one hour; a mail queued before the hours were kept with it says "Erinnerung" / "Reminder".
    expect(deadlineName(1)).toEqual({ de: 'Zugfrist 1 Stunde', en: 'Move deadline 1 hour' });
    expect(deadlineName(undefined)).toBeNull();
  });

  it('a seat with a language gets its mails in it alone; without one, in both', async () => {
    const english = newAddress('english');
    const german = newAddress('deutsch');
    const table = await createTable(tableFor(GAME, { seats: [{ email: english, lang: 'en' }, { email: german, lang: 'de' }, {}] }));
    await delivered(table);
    const to = (address: string) => mails.find((m) => m.to === address)!;
    expect(to(english).subject).toBe('Wallachen: confirm notifications?');
    expect(to(english).text).not.toContain('Hallo');
    expect(to(english).text).toContain('No more mail to this address, from any table:');
    expect(to(german).subject).toBe('Wallachen: Benachrichtigungen bestätigen?');
    expect(to(german).text).not.toContain('Hello');
    await confirmAt(table, english, german);
    mails.length = 0;
    await playAway(table, GAME.actions.slice(0, 5), 0); // seat 1 bids, seat 2 (no address), seat 1 holds: seat 1 told twice
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [german, 'Wallachen: Du bist dran am Tisch Wallachen'],
      [german, 'Wallachen: Du bist dran am Tisch Wallachen'],
    ]);
    expect(mails[0]!.text).toContain('Keine Mails mehr an diese Adresse, von keinem Tisch:');
    expect(mails[0]!.text).not.toContain('your move');
  });

  it('names stored before such characters were refused are cleaned in the subject, and isolated in the lines', async () => {
    const address = newAddress('names');
    const table = await createTable(
      tableFor(GAME, { name: 'Stammtisch', seats: SEATS.map((seat) => (seat === FOREHAND ? { email: address } : {})) }),
    );
    await confirmAt(table, address);
    // As a table made before names were checked (plain-text.ts) may hold them.
    await sql(table, 'UPDATE settings SET name = ?', 'Stamm\u202Etisch\u200B\r\nBcc: all@example.org\u2066\u00a0 Ost\uFEFF');
    const [{ seats }] = (await sql<{ seats: string }>(table, 'SELECT seats FROM settings')) as [{ seats: string }];
    const legacy = (JSON.parse(seats) as { name: string }[]).map((seat, i) => (i === FOREHAND ? { ...seat, name: 'Vro\u200Dni\u061C\n' } : seat));
    await sql(table, 'UPDATE settings SET seats = ?', JSON.stringify(legacy));
    await evictDurableObject(tableStub(table.tableId));
    mails.length = 0;
    await playAway(table, GAME.actions.slice(0, 3), 0); // the doubling decided: forehand bids, and is mailed
    expect(mails.map((m) => m.subject)).toEqual(['Wallachen: Du bist dran / your turn at Stammtisch Bcc: all@example.org Ost']);
    const { text } = mails[0]!;
    expect(text).toContain(`Hallo ${isolated('Vroni')},`);
    expect(text).toContain(`am Tisch „${isolated('Stammtisch Bcc: all@example.org Ost')}“ bist du am Zug`);
    // No control or format character (bidi, zero-width) anywhere but the mail's own line breaks and the isolates around names.
    expect(mails[0]!.subject).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    const withoutIsolates = text.replace(/\u2068[^\u2068\u2069\n]*\u2069/gu, 'name');
    expect(withoutIsolates.replaceAll('\n', ' ')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
  });

  it('a table name that brings its own quotation marks is put in no other pair', async () => {
    const names = ['„Stammtisch“', '"Club 7"', '“Die Runde”', 'Sepp\'s "Runde', 'Stammtisch'];
    const expected: Record<string, { de: string; en: string }> = {
      '„Stammtisch“': { de: isolated('„Stammtisch“'), en: isolated('„Stammtisch“') },
      '"Club 7"': { de: isolated('"Club 7"'), en: isolated('"Club 7"') },
      '“Die Runde”': { de: isolated('“Die Runde”'), en: isolated('“Die Runde”') },
      // One mark at one end is no pair: the name gets the language's.
      'Sepp\'s "Runde': { de: `„${isolated('Sepp\'s "Runde')}“`, en: `"${isolated('Sepp\'s "Runde')}"` },
      Stammtisch: { de: `„${isolated('Stammtisch')}“`, en: `"${isolated('Stammtisch')}"` },
    };
    for (const name of names) {
      const address = newAddress('quoted');
      const table = await createTable(tableFor(GAME, { name, seats: SEATS.map((seat) => (seat === FOREHAND ? { email: address } : {})) }));
      await confirmAt(table, address);
      mails.length = 0;
      await playAway(table, GAME.actions.slice(0, 3), 0); // the doubling decided: forehand's turn, mailed in both languages
      expect(mails, name).toHaveLength(1);
      expect(mails[0]!.text).toContain(`am Tisch ${expected[name]!.de} bist du am Zug`);
      expect(mails[0]!.text).toContain(`it is your move at the table ${expected[name]!.en} (game`);
    }
  });

  it('oneLine: one line, no controls, no bidi or zero-width characters, cut to its length on a whole character', () => {
    expect(oneLine('a\nb\r\nc\td\u2028e\u2029f')).toBe('a b c d e f');
    expect(oneLine('\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202Ex\u2066\u2067\u2068\u2069')).toBe('x');
    expect(oneLine('z\u200Bw\u200C\u200D\u2060j\uFEFF')).toBe('zwj');
    expect(oneLine('\u0000\u001f\u007f\u0085\u009fok')).toBe('ok');
    expect(oneLine('  many    spaces\u00a0 here ')).toBe('many spaces here');
    expect(oneLine('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
    expect(oneLine('😀'.repeat(50), 40)).toBe(`${'😀'.repeat(39)}…`); // never half a surrogate pair
    expect(oneLine('Wallachen')).toBe('Wallachen');
  });
});

describe('the address object', () => {
  it('keeps no address, only its key: its standing, the tables it confirmed, the last confirmation, the mails of the hour', async () => {
    const address = newAddress('private');
    const table = await tableWith({ 0: address });
    await confirmAt(table, address);
    expect(await addressKeyOf(address)).toMatch(/^[0-9a-f]{64}$/);
    const stored = await runInDurableObject(await addressStubOf(address), (_i, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
        .toArray();
      return tables.map(({ name }) => `${name}: ${JSON.stringify(state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray())}`).join('\n');
    });
    expect(stored).toContain(`confirmed_tables: [{"table_id":"${table.tableId}"`);
    expect(stored).not.toContain(address);
    expect(stored).not.toMatch(/private/i);
    expect(env.ADDRESSES).toBeDefined();
  });
});

describe('what the address objects keep', () => {
  it('asking about an address nobody mailed stores nothing; one that confirmed no table is forgotten a month after its confirmation mail; one that confirmed a table is kept', async () => {
    const asked = newAddress('asked');
    const tablesOf = async (address: string) =>
      runInDurableObject(await addressStubOf(address), (_i, state) =>
        state.storage.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'")
          .toArray()
          .map((r) => r.name),
      );
    const somewhere = await tableWith({});
    expect(await stateAt(asked, somewhere)).toBe('unconfirmed');
    await expect((await addressStubOf(asked)).permit({ tableId: somewhere.tableId, now: Date.now() })).resolves.toEqual({
      send: 'none',
      reason: 'unconfirmed',
    });
    expect(await tablesOf(asked)).toEqual([]);

    const silent = newAddress('silent');
    const confirmed = newAddress('confirmed');
    const tables = new Map<string, CreatedTable>();
    for (const address of [silent, confirmed]) {
      // In mail mode "digest", owing a move: a table the address did not confirm hands over an entry it does not keep.
      const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
      await put(table, 0, { mail: 'digest' });
      await delivered(table);
      tables.set(address, table);
    }
    await confirmAt(tables.get(confirmed)!, confirmed);
    await eventually(
      async () => ((await (await addressStubOf(confirmed)).digestEntries()).length === 1 ? true : undefined),
      'the entry of the confirmed table',
    );
    expect(await (await addressStubOf(silent)).digestEntries()).toEqual([]);
    for (const address of [silent, confirmed]) {
      const stub = await addressStubOf(address);
      // A month passes (time cannot be moved on in workerd: the confirmation is dated back).
      await runInDurableObject(
        stub,
        (_i, state) => void state.storage.sql.exec('UPDATE address SET confirmation_sent_at = ?', Date.now() - UNCONFIRMED_RETENTION_MS - 1),
      );
      await runInDurableObject(stub, (_i, state) => state.storage.setAlarm(Date.now()));
      await runDurableObjectAlarm(stub);
    }
    expect(await tablesOf(silent)).toEqual([]);
    expect(await stateAt(silent, tables.get(silent)!)).toBe('unconfirmed');
    expect(await stateAt(confirmed, tables.get(confirmed)!)).toBe('confirmed');
  });

  it('the alarm that forgets an address that confirmed nothing is set with its confirmation mail', async () => {
    const address = newAddress('waiting');
    await tableWith({ 0: address });
    const stub = await addressStubOf(address);
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeGreaterThan(Date.now() + UNCONFIRMED_RETENTION_MS - 60_000);
  });
});
