/**
 * A seat's mail language follows the page it plays on (issue 38, point 4;
 * worker/notifications/mail/mail-language.ts, docs/notifications.md): the page tells the
 * language it shows with `?lang=` on its view and its socket, as the web app does (web/src/api.ts,
 * web/src/live.ts); the seat's mails (a turn mail, the answer to a reply) and `lang` of
 * `GET …/notifications` follow it, whatever language the table's creator gave the seat. The
 * newer of the page's language and PUT's `lang` counts; the same language again writes nothing;
 * only the seat's own link tells it, and only "de" or "en".
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import worker from '../../worker/index.js';
import { SeatRows } from '../../worker/storage/seat-rows.js';
import { command } from './admin-support.js';
import {
  clientIpOf,
  confirmAt,
  type CreatedTable,
  createTable,
  expectError,
  handMade,
  newAddress,
  playAway,
  putNotifications,
  request,
  sql,
  tableFor,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** Forehand (dealer 0): bids first, at version 3, once the doubling is decided. */
const PLAYER: Seat = 1;
const SEATS: Seat[] = [0, 1, 2];

interface SentMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

let mails: SentMail[] = [];

beforeEach(() => {
  mails = [];
  watchMail((mail: SentMail) => void mails.push(mail));
});

afterEach(() => vi.restoreAllMocks());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /api/tables/{id}?lang=… as the web app reads its view (web/src/api.ts fetchView). */
const readOn = (table: CreatedTable, token: string, lang: string) => request(`/api/tables/${table.tableId}?lang=${lang}`, { headers: bearer(token) });

/** GET …/ws?lang=… as the web app opens its socket (web/src/live.ts): the token as a subprotocol. */
const socketOn = (table: CreatedTable, token: string, lang: string) =>
  request(`/api/tables/${table.tableId}/ws?lang=${lang}`, {
    headers: { upgrade: 'websocket', 'sec-websocket-protocol': `wallachen, bearer.${token}`, 'cf-connecting-ip': clientIpOf(token) },
  });

/** `lang` of GET …/notifications for the seat's link. */
async function langOf(table: CreatedTable, seat: Seat): Promise<string | null> {
  const res = await request(`/api/tables/${table.tableId}/notifications`, { headers: bearer(table.seats[seat]!.token) });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { lang: string | null }).lang;
}

/** What the table stores of the seat's language (notifications.lang), null without a row or a value. */
const storedLang = async (table: CreatedTable, seat: Seat) =>
  (await sql<{ lang: string | null }>(table, 'SELECT lang FROM notifications WHERE seat = ?', seat))[0]?.lang ?? null;

/** A table of GAME whose PLAYER has a confirmed address and was given `lang` by the table's creator. */
async function tableWith(lang?: 'de' | 'en'): Promise<{ table: CreatedTable; address: string }> {
  const address = newAddress('vroni');
  const seats = SEATS.map((seat) => (seat === PLAYER ? { name: 'Vroni', email: address, ...(lang === undefined ? {} : { lang }) } : {}));
  const table = await createTable(tableFor(GAME, { seats }));
  await confirmAt(table, address);
  return { table, address };
}

/** A reply to the newest turn mail to `address`, as Email Routing hands it to the Worker (mail-replies.test.ts has the full story). */
async function reply(address: string, body: string): Promise<void> {
  const to = mails.filter((m) => m.to === address && m.replyTo !== undefined).at(-1)?.replyTo;
  expect(to, 'a turn mail with a Reply-To').toBeDefined();
  const raw = [
    `From: Vroni <${address}>`,
    `To: <${to}>`,
    'Subject: Re: Wallachen',
    `Message-ID: <${crypto.randomUUID()}@mail.example.org>`,
    'Date: Tue, 1 Dec 2026 21:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
    '',
  ].join('\r\n');
  const bytes = new TextEncoder().encode(raw);
  let rejected: string | null = null;
  const headers = new Headers({ from: `Vroni <${address}>`, to: `<${to}>`, subject: 'Re: Wallachen', 'content-type': 'text/plain; charset=utf-8' });
  const message = {
    from: address,
    to,
    raw: new Blob([bytes]).stream(),
    rawSize: bytes.byteLength,
    headers,
    canBeForwarded: false,
    setReject: (reason: string) => void (rejected = reason),
    forward: () => Promise.reject(new Error('not forwarded')),
    reply: () => Promise.reject(new Error('never answered to the sender')),
  } as unknown as ForwardableEmailMessage;
  await worker.email(message, env);
  expect(rejected).toBeNull();
}

/** The newest mail to `address` whose subject says a reply was not played. */
const lastAnswer = (address: string) => mails.filter((m) => m.to === address && /not played|nicht gespielt/.test(m.subject)).at(-1);

describe("a seat's mails speak the language of the page it plays on", () => {
  it('a seat made English whose page reads its view in German: GET …/notifications says de, its turn mail and the answer to its reply are German', async () => {
    const { table, address } = await tableWith('en');
    expect(await langOf(table, PLAYER)).toBe('en'); // as the creator gave it
    expect((await readOn(table, table.seats[PLAYER]!.token, 'de')).status).toBe(200);
    expect(await langOf(table, PLAYER)).toBe('de');

    mails.length = 0;
    await playAway(table, GAME.actions.slice(0, 3), 0); // the doubling decided: PLAYER bids, and is mailed its turn
    const turn = mails.filter((m) => m.to === address);
    expect(turn.map((m) => m.subject)).toEqual(['Wallachen: Du bist dran am Tisch Wallachen']);
    expect(turn[0]!.text).toContain('Hallo');
    expect(turn[0]!.text).not.toMatch(/Hello|your move/);

    await reply(address, 'kontra'); // not a move it may make now: refused, and answered with the rule
    const answer = lastAnswer(address);
    expect(answer?.subject).toBe('Wallachen: nicht gespielt am Tisch Wallachen');
    expect(answer!.text).toContain('Der Link ist geheim');
    expect(answer!.text).not.toContain('The link is secret');
  });

  it('and the reverse: a seat made German whose page opens its socket in English gets English mails', async () => {
    const { table, address } = await tableWith('de');
    const opened = await socketOn(table, table.seats[PLAYER]!.token, 'en');
    expect(opened.status).toBe(101);
    opened.webSocket!.accept();
    expect(await langOf(table, PLAYER)).toBe('en');
    opened.webSocket!.close(1000, 'the page is closed');

    mails.length = 0;
    await playAway(table, GAME.actions.slice(0, 3), 0);
    const turn = mails.filter((m) => m.to === address);
    expect(turn.map((m) => m.subject)).toEqual(['Wallachen: your turn at Wallachen']);
    expect(turn[0]!.text).not.toContain('Hallo');

    await reply(address, 'kontra'); // not a move it may make now: refused, and answered with the rule
    const answer = lastAnswer(address);
    expect(answer?.subject).toBe('Wallachen: not played at Wallachen');
    expect(answer!.text).toContain('The link is secret');
    expect(answer!.text).not.toContain('Der Link ist geheim');
  });

  it('the same language again writes nothing: not when the seat has it from its creation, nor once it was told', async () => {
    const saved = vi.spyOn(SeatRows.prototype, 'saveNotifications');
    const { table } = await tableWith('de');
    saved.mockClear();
    const token = table.seats[PLAYER]!.token;
    for (let i = 0; i < 3; i++) expect((await readOn(table, token, 'de')).status).toBe(200);
    expect(saved).not.toHaveBeenCalled();
    expect(await storedLang(table, PLAYER)).toBeNull(); // still the creator's, from the settings

    // A seat without a language (both) is told once; reading and opening sockets in it again changes nothing.
    const seat: Seat = 0;
    expect(await langOf(table, seat)).toBeNull();
    expect((await readOn(table, table.seats[seat]!.token, 'en')).status).toBe(200);
    expect(saved).toHaveBeenCalledTimes(1);
    expect((await readOn(table, table.seats[seat]!.token, 'en')).status).toBe(200);
    const opened = await socketOn(table, table.seats[seat]!.token, 'en');
    expect(opened.status).toBe(101);
    opened.webSocket!.accept();
    opened.webSocket!.close(1000, 'done');
    expect(saved).toHaveBeenCalledTimes(1);
    expect(await langOf(table, seat)).toBe('en');
  });

  it("the newer counts: PUT's lang after the page's, the page's after PUT's; a replaced link starts again from the creator's", async () => {
    const { table } = await tableWith('en');
    const token = table.seats[PLAYER]!.token;
    await readOn(table, token, 'de');
    expect((await putNotifications(table.tableId, token, { lang: 'en' })).status).toBe(200);
    expect(await langOf(table, PLAYER)).toBe('en');
    await readOn(table, token, 'de');
    expect(await langOf(table, PLAYER)).toBe('de');

    // The language was the old holder's, as its address was (table/changes/links.ts).
    const rotated = await command<{ token: string }>(table, { type: 'rotate', seat: PLAYER });
    const fresh = { ...table, seats: table.seats.map((s, i) => (i === PLAYER ? { ...s, token: rotated.token } : s)) };
    expect(await langOf(fresh, PLAYER)).toBe('en');
  });

  it("only the seat's own link tells it, only de or en: a spectator's is ignored, anything else is 400 naming lang", async () => {
    const { table } = await tableWith('en');
    expect((await readOn(table, table.spectator.token, 'de')).status).toBe(200);
    expect(await langOf(table, PLAYER)).toBe('en');
    expect(await langOf(table, 0)).toBeNull();
    for (const bad of ['fr', 'DE', '', 'de-AT']) {
      const message = await expectError(readOn(table, table.seats[PLAYER]!.token, bad), 400, 'bad_request');
      expect(message).toMatch(/^lang: /);
      await expectError(socketOn(table, table.seats[PLAYER]!.token, bad), 400, 'bad_request');
    }
    const repeated = request(`/api/tables/${table.tableId}?lang=de&lang=en`, { headers: bearer(table.seats[PLAYER]!.token) });
    await expectError(repeated, 400, 'bad_request');
    expect(await langOf(table, PLAYER)).toBe('en');
    // Left out, nothing changes: programs need not send it.
    expect((await request(`/api/tables/${table.tableId}`, { headers: bearer(table.seats[PLAYER]!.token) })).status).toBe(200);
    expect(await langOf(table, PLAYER)).toBe('en');
  });

  it("a bot's seat reads no mail: its link's page language is not kept", async () => {
    const table = await createTable(tableFor(GAME, { seats: [{}, {}, { bot: 'easy' }] }));
    expect((await readOn(table, table.seats[2]!.token, 'de')).status).toBe(200);
    expect(await storedLang(table, 2)).toBeNull();
  });
});
