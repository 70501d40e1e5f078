/**
 * Mail that nobody can turn into a spam relay (API.md, "Mail"): the first mail to an
 * address asks it to confirm and carries nothing a table's creator chose; nothing else goes
 * to it until it confirms (by a button: a GET confirms nothing); every mail can be stopped
 * with one click (RFC 8058), for every table at once; an address gets at most 10 mails an
 * hour and a table sends at most 30; names in subjects are one clean line.
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
import { ADDRESS_MAILS_PER_HOUR } from '../../worker/mail/address.js';
import { UNCONFIRMED_RETENTION_MS } from '../../worker/mail/address-object.js';
import { TABLE_MAILS_PER_HOUR } from '../../worker/table/send-budget.js';
import { deadlineName, oneLine } from '../../worker/table/notifier.js';
import { TableObject } from '../../worker/table/table-object.js';
import {
  addressKeyOf,
  addressStubOf,
  anHourPassesFor,
  confirmAddress,
  confirmedAddress,
  createTable,
  eventually,
  handMade,
  mailLinkPath,
  newAddress,
  ORIGIN,
  playAway,
  putNotifications,
  request,
  tableFor,
  tableStub,
  type CreatedTable,
  sql,
  isolated,
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

beforeEach(() => {
  mails = [];
  logged = [];
  vi.spyOn(TableObject.prototype as unknown as { sendEmail(message: EmailMessageBuilder): Promise<void> }, 'sendEmail').mockImplementation(
    async (message) => {
      mails.push(message as unknown as SentMail);
    },
  );
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});

/** What every test shows too: each mail has the one-click headers of its own address, its link in the text; no log holds an address. */
afterEach(async () => {
  vi.restoreAllMocks();
  for (const mail of mails) {
    const unsubscribe = `${ORIGIN}${await mailLinkPath(mail.to, 'unsubscribe')}`;
    expect(mail.headers, mail.subject).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text, mail.subject).toContain(unsubscribe);
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

const stateOf = async (address: string) => (await addressStubOf(address)).state();
const form = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body,
});
const dropped = (why: RegExp) => logged.filter((line) => /dropped/.test(line) && why.test(line));

describe('the first mail to an address asks it to confirm', () => {
  it('a table with an address sends only a confirmation mail: no turn mail, no name the creator chose, the confirm and unsubscribe links', async () => {
    const address = newAddress('vroni');
    const table = await createTable(
      tableFor(GAME, {
        name: 'Cheap pills at spam.example',
        seats: [{ name: 'Click here now', email: address }, { name: 'Sepp' }, { name: 'Resi' }],
      }),
    );
    await delivered(table);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [SentMail];
    expect(mail.to).toBe(address);
    expect(mail.subject).toBe('Wallachen: Benachrichtigungen bestätigen? / confirm notifications?');
    expect(mail.text).toContain(`someone entered this address at a Wallachen table at ${ORIGIN} to be told of moves.`);
    expect(mail.text).toContain(`jemand hat diese Mailadresse an einem Wallachen-Tisch auf ${ORIGIN} eingetragen`);
    expect(mail.text).toContain(`${ORIGIN}${await mailLinkPath(address, 'confirm')}`);
    for (const chosen of ['Cheap pills', 'spam.example', 'Click here', 'Sepp', 'Resi', table.seats[0]!.token, table.tableId]) {
      expect(mail.text).not.toContain(chosen);
      expect(mail.subject).not.toContain(chosen);
    }
    // Every link in it is ours: where the address was entered, the confirm link and the unsubscribe link.
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(new Set(links)).toEqual(
      new Set([ORIGIN, `${ORIGIN}${await mailLinkPath(address, 'confirm')}`, `${ORIGIN}${await mailLinkPath(address, 'unsubscribe')}`]),
    );
    expect(await stateOf(address)).toBe('unconfirmed');
    // The turn mail it replaced is not kept for later.
    expect(await waiting(table)).toBe(0);
    expect(dropped(/./)).toEqual([]);
  });

  it('a second table with the same address (written otherwise) sends nothing more within 24 h; its turn mails are dropped, not queued', async () => {
    const address = newAddress('sepp');
    await delivered(await tableWith({ 0: address }));
    expect(mails.map((m) => m.subject)).toEqual(['Wallachen: Benachrichtigungen bestätigen? / confirm notifications?']);
    const second = await tableWith({ 0: address.toUpperCase(), 1: address });
    await delivered(second);
    await playAway(second, GAME.actions.slice(0, 3), 0); // forehand (seat 1) must bid: a turn mail, dropped
    expect(mails).toHaveLength(1);
    expect(await waiting(second)).toBe(0);
    expect(dropped(/the address has not confirmed yet/)).toHaveLength(3);

    // A day later the address is asked once more (and only once).
    await runInDurableObject(await addressStubOf(address), (_i, state) => {
      state.storage.sql.exec('UPDATE address SET confirmation_sent_at = confirmation_sent_at - 86400000');
    });
    await playAway(second, GAME.actions.slice(3, 5), 3); // seat 2 must bid, then forehand must hold or pass: seat 1's mail
    expect(mails.map((m) => m.subject)).toEqual([
      'Wallachen: Benachrichtigungen bestätigen? / confirm notifications?',
      'Wallachen: Benachrichtigungen bestätigen? / confirm notifications?',
    ]);
  });

  it('GET on the confirm link shows a button and confirms nothing; the button (POST) confirms; then turn mails arrive', async () => {
    const address = newAddress('resi');
    const table = await tableWith({ [FOREHAND]: address });
    await delivered(table);
    expect(mails).toHaveLength(1);
    const confirm = mails[0]!.text.match(/https:\/\/\S+\/api\/mail\/confirm\/\S+/)![0];
    expect(confirm).toBe(`${ORIGIN}${await mailLinkPath(address, 'confirm')}`);

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
      expect(await stateOf(address)).toBe('unconfirmed');
    }
    await playAway(table, GAME.actions.slice(0, 3), 0); // forehand must bid
    expect(mails).toHaveLength(1);

    // The button: a form post from our own page.
    const res = await request(new URL(confirm).pathname, form('', { origin: ORIGIN }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Confirmed');
    expect(await stateOf(address)).toBe('confirmed');
    await playAway(table, GAME.actions.slice(3, 5), 3); // forehand must hold or pass
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [address, mails[0]!.subject],
      [address, 'Wallachen: Du bist dran / your turn at Wallachen'],
    ]);
    expect(mails[1]!.text).toContain(table.seats[FOREHAND]!.url);
  });
});

describe('limits', () => {
  it(`the ${ADDRESS_MAILS_PER_HOUR + 1}th mail to one address within an hour is not sent, across two tables; an hour later mail goes again`, async () => {
    const address = await confirmedAddress('busy');
    // Every seat of both tables has the address: each deal tells all three (doubling), each bid the next seat.
    const a = await tableWith({ 0: address, 1: address, 2: address });
    await delivered(a);
    const b = await tableWith({ 0: address, 1: address, 2: address });
    await delivered(b);
    expect(mails).toHaveLength(6);
    // The window closes (forehand told), 1:6 (seat 2 told), 2:7 (seat 1 told): three more.
    await playAway(a, GAME.actions.slice(0, 5), 0);
    expect(mails).toHaveLength(9);
    await playAway(b, GAME.actions.slice(0, 5), 0); // three more, of which one fits
    expect(mails).toHaveLength(ADDRESS_MAILS_PER_HOUR);
    expect(dropped(/the address had its limit of mails this hour/)).toHaveLength(2);
    expect(logged.join('\n')).not.toContain(address);

    await anHourPassesFor(address);
    await playAway(b, GAME.actions.slice(5, 6), 5); // 1:hold: seat 2 is told
    expect(mails).toHaveLength(ADDRESS_MAILS_PER_HOUR + 1);
  });

  it(`the ${TABLE_MAILS_PER_HOUR + 1}th mail of one table within an hour is not sent, whatever the address`, async () => {
    const addresses = await Promise.all(SEATS.map((seat) => confirmedAddress(`seat${seat}`)));
    const table = await tableWith({ 0: addresses[0]!, 1: addresses[1]!, 2: addresses[2]! });
    await delivered(table);
    expect(mails).toHaveLength(3);
    // Time cannot be moved on in workerd: the table sent 26 more mails this hour (in its budget), to addresses of no concern here.
    await sql(
      table,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TABLE_MAILS_PER_HOUR - 4}) INSERT INTO mail_sends (at) SELECT ? FROM n`,
      Date.now(),
    );
    await playAway(table, GAME.actions.slice(0, 3), 0); // the 30th: forehand must bid
    expect(mails).toHaveLength(4);
    await playAway(table, GAME.actions.slice(3, 4), 3); // the 31st: seat 2 must bid
    expect(mails).toHaveLength(4);
    expect(dropped(new RegExp(`the table sent its limit of ${TABLE_MAILS_PER_HOUR} mails this hour`))).toHaveLength(1);
    // Not counted at the address either: seat 2's address has had one mail.
    const sent = await runInDurableObject(
      await addressStubOf(addresses[2]!),
      (_i, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM sends').one().n,
    );
    expect(sent).toBe(1);
  });
});

describe('unsubscribing', () => {
  it('one click (POST without Authorization or Origin, as mail providers send it) stops the mail of every table to the address', async () => {
    const address = await confirmedAddress('done');
    const a = await tableWith({ [FOREHAND]: address });
    const b = await tableWith({ [FOREHAND]: address });
    await delivered(a);
    await delivered(b);
    expect(mails).toHaveLength(2);
    const link = mails[0]!.headers!['List-Unsubscribe']!.slice(1, -1);

    // The page of the link offers a button and unsubscribes nothing.
    const page = await request(new URL(link).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await stateOf(address)).toBe('confirmed');

    const res = await request(new URL(link).pathname, form('List-Unsubscribe=One-Click'));
    expect(res.status).toBe(200);
    expect(await stateOf(address)).toBe('unsubscribed');
    for (const table of [a, b]) {
      await playAway(table, GAME.actions.slice(0, 3), 0); // forehand must bid
    }
    expect(mails).toHaveLength(2);
    expect(dropped(/the address unsubscribed/)).toHaveLength(2);
    // A new table cannot even ask it again.
    await delivered(await tableWith({ 0: address }));
    expect(mails).toHaveLength(2);
  });

  it("the page's button unsubscribes too; a confirm link of the owner subscribes again", async () => {
    const address = await confirmedAddress('again');
    const res = await request(
      await mailLinkPath(address, 'unsubscribe'),
      form('List-Unsubscribe=One-Click', { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Unsubscribed');
    expect(await stateOf(address)).toBe('unsubscribed');
    await confirmAddress(address);
    expect(await stateOf(address)).toBe('confirmed');
  });

  it('a forged, malformed or borrowed link is refused, and so is a form posted from another site', async () => {
    const address = newAddress('victim');
    const confirm = await mailLinkPath(address, 'confirm');
    const unsubscribe = await mailLinkPath(address, 'unsubscribe');
    const key = await addressKeyOf(address);
    const forged = `${key}.${'A'.repeat(43)}`;
    for (const purpose of ['confirm', 'unsubscribe']) {
      for (const method of ['GET', 'POST']) {
        // Posted as our own page's form would be: the link is what is refused.
        const init = method === 'GET' ? {} : form('List-Unsubscribe=One-Click', { origin: ORIGIN });
        expect((await request(`/api/mail/${purpose}/${forged}`, init)).status).toBe(403);
        expect((await request(`/api/mail/${purpose}/${key}`, init)).status).toBe(404);
        expect((await request(`/api/mail/${purpose}/not-a-link`, init)).status).toBe(404);
        expect((await request(`/api/mail/${purpose}/${key.toUpperCase()}.${forged.split('.')[1]}`, init)).status).toBe(404);
      }
    }
    // The unsubscribe link, which every mail's headers show to mail providers, cannot confirm; nor the other way round.
    expect((await request(confirm.replace('/confirm/', '/unsubscribe/'), form(''))).status).toBe(403);
    expect((await request(unsubscribe.replace('/unsubscribe/', '/confirm/'), form('', { origin: ORIGIN }))).status).toBe(403);
    // Another site's form (a browser sends its Origin) may neither confirm nor unsubscribe.
    expect((await request(confirm, form('', { origin: 'https://evil.example' }))).status).toBe(403);
    expect((await request(confirm, form(''))).status).toBe(403); // no Origin: no confirmation either
    expect((await request(unsubscribe, form('List-Unsubscribe=One-Click', { origin: 'https://evil.example' }))).status).toBe(403);
    expect(await stateOf(address)).toBe('unconfirmed');
  });
});

describe('what the mails say', () => {
  it("every kind of mail has the one-click headers: confirmation, turn, reminder, the table's end", async () => {
    const address = newAddress('kinds');
    const table = await tableWith({ 1: address }, { options: { ...GAME.options, firstDealer: GAME.dealer, games: 1, moveDeadlineHours: 2 } });
    await delivered(table);
    await confirmAddress(address);
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
    await delivered(table);
    await Promise.all([english, german, both].map(confirmAddress));
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
    await confirmAddress(english);
    await confirmAddress(german);
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
    const address = await confirmedAddress('names');
    const table = await createTable(
      tableFor(GAME, { name: 'Stammtisch', seats: SEATS.map((seat) => (seat === FOREHAND ? { email: address } : {})) }),
    );
    await delivered(table);
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
  it('keeps no address, only its key: state, the last confirmation, the mails of the hour', async () => {
    const address = await confirmedAddress('private');
    await delivered(await tableWith({ 0: address }));
    expect(await addressKeyOf(address)).toMatch(/^[0-9a-f]{64}$/);
    const stored = await runInDurableObject(await addressStubOf(address), (_i, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
        .toArray();
      return tables.map(({ name }) => `${name}: ${JSON.stringify(state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray())}`).join('\n');
    });
    expect(stored).toContain('confirmed');
    expect(stored).not.toContain(address);
    expect(stored).not.toMatch(/private/i);
    expect(env.ADDRESSES).toBeDefined();
  });

  it("a seat's new address (PUT …/notifications) is asked to confirm first, in the language given with it", async () => {
    const table = await tableWith({});
    const address = newAddress('later');
    expect((await putNotifications(table.tableId, table.seats[FOREHAND]!.token, { email: address, lang: 'en' })).status).toBe(200);
    await playAway(table, GAME.actions.slice(0, 3), 0); // forehand must bid
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[address, 'Wallachen: confirm notifications?']]); // in the language it set
    expect(mails[0]!.text).toContain(`${ORIGIN}${await mailLinkPath(address, 'confirm')}`);
  });
});

describe('what the address objects keep', () => {
  it('asking about an address nobody mailed stores nothing; one that never confirms is forgotten a month after its confirmation mail; a confirmed one is kept', async () => {
    const asked = newAddress('asked');
    expect(await stateOf(asked)).toBe('unconfirmed');
    const tablesOf = async (address: string) =>
      runInDurableObject(await addressStubOf(address), (_i, state) =>
        state.storage.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'")
          .toArray()
          .map((r) => r.name),
      );
    expect(await tablesOf(asked)).toEqual([]);

    const silent = newAddress('silent');
    const confirmed = newAddress('confirmed');
    for (const address of [silent, confirmed]) {
      const table = await createTable(tableFor(GAME, { seats: [{ email: address }, {}, {}] }));
      await delivered(table);
    }
    await confirmAddress(confirmed);
    for (const address of [silent, confirmed]) {
      const stub = await addressStubOf(address);
      expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeGreaterThan(Date.now() + UNCONFIRMED_RETENTION_MS - 60_000);
      // A month passes (time cannot be moved on in workerd: the confirmation is dated back).
      await runInDurableObject(
        stub,
        (_i, state) => void state.storage.sql.exec('UPDATE address SET confirmation_sent_at = ?', Date.now() - UNCONFIRMED_RETENTION_MS - 1),
      );
      await runInDurableObject(stub, (_i, state) => state.storage.setAlarm(Date.now()));
      await runDurableObjectAlarm(stub);
    }
    expect(await tablesOf(silent)).toEqual([]);
    expect(await stateOf(silent)).toBe('unconfirmed');
    expect(await stateOf(confirmed)).toBe('confirmed');
  });
});
