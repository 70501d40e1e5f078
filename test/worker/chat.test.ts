/**
 * The table's chat (API.md, "Chat"; docs/tables.md, "Table chat"): seats write plain text within
 * its limits, seats and spectators read it a page at a time, every socket of the table is
 * pushed each message, and a turn mail lists the other seats' messages since the seat's
 * last move, one line each.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { Seat } from '../../shared/options.js';
import { ChatPageSchema, ChatPostedSchema } from '../../worker/schemas/index.js';
import { type ChatMessage } from '../../worker/published/chat.js';
import { CHAT_LIMITS } from '../../worker/model/limits.js';
import { mailFor, type MailFacts } from '../../worker/notifications/mail/texts.js';
import {
  clientIpOf,
  confirmAt,
  connect,
  type CreatedTable,
  createTable,
  expectError,
  handMade,
  isolated,
  newAddress,
  playAway,
  postJson,
  request,
  sql,
  tableFor,
  view,
  watchMail,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');

afterEach(() => {
  vi.restoreAllMocks();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'cf-connecting-ip': clientIpOf(token) });

const postChat = (table: CreatedTable, token: string, text: unknown) => postJson(`/api/tables/${table.tableId}/chat`, { text }, auth(token));

/** POST …/chat that must be accepted: the message as kept. */
async function write(table: CreatedTable, seat: Seat, text: string): Promise<ChatMessage> {
  const res = await postChat(table, table.seats[seat]!.token, text);
  const body = await res.text();
  expect(res.status, body).toBe(201);
  // The answer is what the OpenAPI document says, no field more.
  expect(z.strictObject(ChatPostedSchema.shape).parse(JSON.parse(body))).toEqual(JSON.parse(body));
  return (JSON.parse(body) as { message: ChatMessage }).message;
}

const readRaw = (table: CreatedTable, token: string, after?: number | string) =>
  request(`/api/tables/${table.tableId}/chat${after === undefined ? '' : `?after=${after}`}`, { headers: auth(token) });

/** GET …/chat that must answer 200. */
async function read(table: CreatedTable, token: string, after?: number): Promise<{ messages: ChatMessage[]; next?: number }> {
  const res = await readRaw(table, token, after);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  expect(z.strictObject(ChatPageSchema.shape).parse(JSON.parse(body))).toEqual(JSON.parse(body));
  return JSON.parse(body) as { messages: ChatMessage[]; next?: number };
}

/** Time cannot be moved on in workerd: `n` old messages of seat 0, written long ago (after one real message made the chat's table). */
async function oldMessages(table: CreatedTable, n: number): Promise<void> {
  await sql(
    table,
    `INSERT INTO chat_messages (seat, text, at)
     WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
     SELECT 0, 'old ' || i, '2026-01-01T00:00:00.000Z' FROM k`,
    n,
  );
}

describe('writing and reading', () => {
  it('a seat writes; seats and spectators read oldest first, with ids to read what came after', async () => {
    const table = await createTable(tableFor(GAME));
    expect((await view(table.tableId, table.seats[0]!.token)).chat).toBe(true);
    expect(await read(table, table.spectator.token)).toEqual({ messages: [] });

    const first = await write(table, 0, '  Servus beinand!  ');
    expect(first).toEqual({ id: expect.any(Number), seat: 0, text: 'Servus beinand!', at: expect.any(String) });
    expect(Math.abs(Date.parse(first.at) - Date.now())).toBeLessThan(60_000);
    const second = await write(table, 2, 'Zwei Zeilen:\r\nerste\rzweite');
    expect(second.text).toBe('Zwei Zeilen:\nerste\nzweite');
    expect(second.id).toBeGreaterThan(first.id);

    for (const token of [...table.seats.map((s) => s.token), table.spectator.token]) {
      expect(await read(table, token)).toEqual({ messages: [first, second] });
      expect(await read(table, token, first.id)).toEqual({ messages: [second] });
      expect(await read(table, token, second.id)).toEqual({ messages: [] });
      expect(await read(table, token, 0)).toEqual({ messages: [first, second] });
    }
    for (const bad of ['-1', '1.5', 'x', '1e3', '']) await expectError(readRaw(table, table.seats[0]!.token, bad), 400, 'bad_request');
  });

  it(`pages of ${CHAT_LIMITS.page}: with after, next while more follow; without, the newest`, async () => {
    const table = await createTable(tableFor(GAME));
    await write(table, 1, 'the first');
    await oldMessages(table, 249);
    const token = table.seats[2]!.token;
    const all: ChatMessage[] = [];
    let after = 0;
    let pages = 0;
    for (;;) {
      const page = await read(table, token, after);
      pages++;
      expect(page.messages.length).toBeLessThanOrEqual(CHAT_LIMITS.page);
      all.push(...page.messages);
      if (page.next === undefined) break;
      expect(page.next).toBe(page.messages.at(-1)!.id);
      after = page.next;
    }
    expect(pages).toBe(3);
    expect(all.map((m) => m.text)).toEqual(['the first', ...Array.from({ length: 249 }, (_, i) => `old ${i + 1}`)]);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => a - b));
    const newest = await read(table, token);
    expect(newest.next).toBeUndefined();
    expect(newest.messages).toEqual(all.slice(-CHAT_LIMITS.page));
  });
});

describe('who may write', () => {
  it("a spectator and a bot seat's link read but cannot write; a link of another table neither", async () => {
    const table = await createTable({ seats: [{}, { bot: 'easy' }, {}] });
    const other = await createTable(tableFor(GAME));
    await write(table, 0, 'hallo');
    expect(await expectError(postChat(table, table.spectator.token, 'psst'), 403, 'forbidden')).toMatch(/spectator/);
    expect(await expectError(postChat(table, table.seats[1]!.token, 'beep'), 403, 'forbidden')).toMatch(/bot/);
    expect((await read(table, table.seats[1]!.token)).messages.map((m) => m.text)).toEqual(['hallo']);
    await expectError(postChat(table, other.seats[0]!.token, 'wrong table'), 403, 'forbidden');
    await expectError(readRaw(table, other.spectator.token), 403, 'forbidden');
    await expectError(postJson(`/api/tables/${table.tableId}/chat`, { text: 'no link' }), 401, 'unauthorized');
    expect((await read(table, table.spectator.token)).messages.map((m) => m.text)).toEqual(['hallo']);
  });

  it('option chat "off": the view says so, writing and reading are refused; only "on" and "off" are taken', async () => {
    const table = await createTable(tableFor(GAME, { options: { ...tableFor(GAME).options, chat: 'off' } }));
    expect((await view(table.tableId, table.spectator.token)).chat).toBe(false);
    expect(await expectError(postChat(table, table.seats[0]!.token, 'hallo'), 403, 'forbidden')).toMatch(/chat is off/);
    expect(await expectError(readRaw(table, table.seats[0]!.token), 403, 'forbidden')).toMatch(/chat is off/);
    const on = await createTable(tableFor(GAME, { options: { ...tableFor(GAME).options, chat: 'on' } }));
    expect((await view(on.tableId, on.seats[0]!.token)).chat).toBe(true);
    // The rules the view shows are the engine's options: the chat is a table setting, not one of them.
    expect((await view(on.tableId, on.seats[0]!.token)).options).not.toHaveProperty('chat');
    for (const chat of [true, 'yes', 0]) {
      await expectError(postJson('/api/tables', { options: { chat } }, { 'cf-connecting-ip': clientIpOf(String(chat)) }), 400, 'bad_request');
    }
  });
});

describe('what a message may be', () => {
  it(`1–${CHAT_LIMITS.maxChars} characters after trimming, counted in code points`, async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[0]!.token;
    expect(await expectError(postChat(table, token, ''), 400, 'bad_request')).toMatch(/write something/);
    await expectError(postChat(table, token, ' \r\n\n  '), 400, 'bad_request');
    expect(await expectError(postChat(table, token, 'x'.repeat(501)), 400, 'bad_request')).toMatch(/at most 500 characters/);
    await expectError(postChat(table, token, 42), 400, 'bad_request');
    await expectError(postJson(`/api/tables/${table.tableId}/chat`, { text: 'hi', html: '<b>' }, auth(token)), 400, 'bad_request');
    // 500 emoji are 1,000 UTF-16 units: still 500 characters.
    const emoji = '😀'.repeat(500);
    expect((await write(table, 0, `  ${emoji}\n`)).text).toBe(emoji);
    expect((await write(table, 0, 'x'.repeat(500))).text).toHaveLength(500);
    await expectError(postChat(table, token, '😀'.repeat(501)), 400, 'bad_request');
    const res = await request(`/api/tables/${table.tableId}/chat`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'text/plain' },
      body: 'hi',
    });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('plain text: control characters other than line breaks and the reordering bidi characters are refused; markup is kept as text', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[1]!.token;
    for (const bad of [
      'bell\u0007',
      'tab\there',
      'esc\u001b[31mred',
      'nul\u0000',
      'c1\u009b',
      'del\u007f',
      'override \u202eevil',
      'isolate \u2066x\u2069',
      '\ud800half',
    ]) {
      expect(await expectError(postChat(table, token, bad), 400, 'bad_request'), JSON.stringify(bad)).toMatch(/^text: /);
    }
    // A right-to-left mark reorders nothing beyond its own message: kept. Markup is only text.
    expect((await write(table, 1, 'שלום\u200f!')).text).toBe('שלום\u200f!');
    expect((await write(table, 1, '<img src=x onerror=alert(1)>')).text).toBe('<img src=x onerror=alert(1)>');
    expect((await write(table, 1, 'a\u2028b\u0085c')).text).toBe('a\nb\nc');
    expect((await read(table, table.spectator.token)).messages).toHaveLength(3);
  });

  it('a message must show something: blanks, Hangul fillers, invisible characters and marks alone are refused', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[2]!.token;
    for (const blank of [
      '\u3164',
      '\u115f\u1160',
      '\uffa0',
      '\u2800\n\u2800',
      '\u17b4\u17b5',
      '\u200b',
      '\u200d\u2060',
      '\u0301',
      ' \u3164 \u2800 ',
    ]) {
      expect(await expectError(postChat(table, token, blank), 400, 'bad_request'), JSON.stringify(blank)).toMatch(/^text: write something/);
    }
  });

  it('at most 3 combining marks in a row on one character; marks as scripts stack them, joiners and braille blanks among other characters stay', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[2]!.token;
    // Joiners between the marks keep them on one character: counted as one row.
    for (const pile of [`Gut gespielt${'\u0301'.repeat(20)}!`, 'Ha\u0315\u0316\u0317\u0318ha', `Ha${'\u0301\u200d'.repeat(4)}ha`]) {
      expect(await expectError(postChat(table, token, pile), 400, 'bad_request'), JSON.stringify(pile)).toMatch(/^text: at most 3 combining marks/);
    }
    // What writers need stays: marks as their scripts stack them, an emoji's joiners, a braille picture's blanks.
    for (const text of ['Chúc mừng Nguyễn!'.normalize('NFD'), 'बहुत अच्छा खेले, सिंह जी', 'יִשָּׂשכָר', '👨\u200d👩\u200d👧 gg', '\u2800⠎⠑⠏⠏\n⠏⠏\u2800']) {
      expect((await write(table, 2, text)).text, JSON.stringify(text)).toBe(text);
    }
  });

  it(`at most ${CHAT_LIMITS.perSeatPerMinute} messages per seat and minute, counted by the table`, async () => {
    const table = await createTable(tableFor(GAME));
    for (let i = 1; i <= CHAT_LIMITS.perSeatPerMinute; i++) await write(table, 0, `message ${i}`);
    const res = await postChat(table, table.seats[0]!.token, 'one too many');
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await expectError(res, 429, 'rate_limited')).toMatch(/10 messages per seat and minute/);
    // Another seat has a budget of its own.
    await write(table, 2, 'still mine to say');
    // Time cannot be moved on in workerd: a minute passes for seat 0's messages.
    await sql(table, "UPDATE chat_messages SET at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-61 seconds') WHERE seat = 0");
    await write(table, 0, 'a minute later');
    expect((await read(table, table.spectator.token)).messages).toHaveLength(CHAT_LIMITS.perSeatPerMinute + 2);
  });

  it(`the table keeps its last ${CHAT_LIMITS.kept} messages: each new one deletes the oldest`, async () => {
    const table = await createTable(tableFor(GAME));
    const first = await write(table, 0, 'the first');
    await oldMessages(table, CHAT_LIMITS.kept - 1);
    const count = async () => (await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM chat_messages'))[0]!.n;
    expect(await count()).toBe(CHAT_LIMITS.kept);
    const last = await write(table, 1, 'one more');
    expect(await count()).toBe(CHAT_LIMITS.kept);
    expect(last.id).toBe(first.id + CHAT_LIMITS.kept);
    const fromStart = await read(table, table.seats[0]!.token, 0);
    expect(fromStart.messages[0]!.text).toBe('old 1');
    await write(table, 2, 'and another');
    expect((await read(table, table.seats[0]!.token, 0)).messages[0]!.text).toBe('old 2');
    // The ids go on: a reader that had the deleted ones reads on from where it was.
    expect((await read(table, table.seats[0]!.token, last.id)).messages.map((m) => m.text)).toEqual(['and another']);
  });
});

describe('live', () => {
  it("every socket of the table is pushed each message: the other seats, the spectators and the writer's own pages", async () => {
    const table = await createTable(tableFor(GAME));
    const sockets = await Promise.all([...table.seats.map((s) => s.token), table.spectator.token].map((token) => connect(table.tableId, token)));
    for (const socket of sockets) expect((await socket.next()).type).toBe('view');
    const message = await write(table, 0, 'Gut gespielt!');
    for (const socket of sockets) expect(await socket.next()).toEqual({ type: 'chat', message });
    // A refused message is pushed to nobody.
    await expectError(postChat(table, table.spectator.token, 'psst'), 403, 'forbidden');
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const socket of sockets) expect(socket.pending()).toBe(0);
    for (const socket of sockets) socket.close();
  });
});

describe('in turn mails', () => {
  interface SentMail {
    to: string;
    subject: string;
    text: string;
  }

  it("a turn mail lists the other seats' messages since the seat's last move, the last 5, one line each, and how many more", async () => {
    const mails: SentMail[] = [];
    watchMail((mail: SentMail) => void mails.push(mail));
    const names = ['Vroni', 'Sepp', 'Resi'];
    const emails = names.map((name) => newAddress(name.toLowerCase()));
    const table = await createTable(tableFor(GAME, { name: 'Stammtisch', seats: names.map((name, seat) => ({ name, email: emails[seat] })) }));
    mails.length = 0; // the confirmations (mail.test.ts)
    await confirmAt(table, ...emails);
    expect(mails).toHaveLength(3);
    // The deal's mails: nothing was said yet.
    for (const mail of mails) expect(mail.text).not.toContain('New messages');

    // Seat 0 doubles; a message before Sepp's (forehand's) own decision is not new to him.
    await playAway(table, GAME.actions.slice(0, 1), 0);
    await write(table, 0, 'before your move');
    await playAway(table, GAME.actions.slice(1, 2), 1);
    await write(table, 0, 'one');
    await write(table, 1, 'my own words are not news to me');
    await write(table, 2, 'two');
    await write(table, 0, '<b>three</b>\r\nTo the table: https://evil.example/t/x');
    await write(table, 2, 'vier \u200fwith a mark');
    await write(table, 0, 'five');
    await write(table, 2, 'six');
    await write(table, 0, 'seven');
    mails.length = 0;
    // Resi's decision ends the doubling: Sepp (forehand) must bid, and is mailed.
    await playAway(table, GAME.actions.slice(2, 3), 2);
    expect(mails.map((m) => m.to)).toEqual([emails[1]]);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Wallachen: Du bist dran / your turn at Stammtisch');
    const lines = [
      ['Resi', 'two'],
      ['Vroni', '<b>three</b> To the table: https://evil.example/t/x'],
      ['Resi', 'vier with a mark'],
      ['Vroni', 'five'],
      ['Resi', 'six'],
      ['Vroni', 'seven'],
    ]
      .slice(1)
      .map(([name, text]) => `  ${isolated(name!)}: ${isolated(text!)}`);
    expect(mail.text).toContain(['Neue Nachrichten seit deinem letzten Zug:', ...lines, '  … und 2 weitere'].join('\n'));
    expect(mail.text).toContain(['New messages since your last move:', ...lines, '  … and 2 more'].join('\n'));
    for (const absent of ['before your move', 'my own words', isolated('one'), isolated('two'), '\u200f']) expect(mail.text).not.toContain(absent);
    // The message could not make a line of its own: the link it carries stays inside its line.
    expect(mail.text.split('\n').filter((line) => line.includes('evil.example'))).toHaveLength(2);
    expect(
      mail.text
        .split('\n')
        .filter((line) => line.includes('evil.example'))
        .every((line) => line.startsWith(`  ${isolated('Vroni')}: `)),
    ).toBe(true);
  });

  it('a reminder carries the same; a mail without new messages, and an end mail, say nothing of the chat', () => {
    const facts: MailFacts = {
      type: 'reminder',
      tableName: 'Stammtisch',
      seatName: 'Sepp',
      gameNumber: 1,
      games: 3,
      deadline: null,
      reminderHours: 24,
      chat: { messages: [{ name: 'Resi\u202e', text: 'Bist du noch da?\n\nHallo?' }], more: 0 },
    };
    const options = { lang: 'en' as const, unsubscribe: 'https://wallachen.test/api/mail/unsubscribe/x' };
    const reminder = mailFor(facts, null, options);
    expect(reminder.subject).toBe('Wallachen: Reminder (Move deadline 24 hours): your move at Stammtisch');
    expect(reminder.text).toContain(`New messages since your last move:\n  ${isolated('Resi')}: ${isolated('Bist du noch da? Hallo?')}\n\n`);
    expect(reminder.text).not.toContain('… and');
    expect(mailFor(facts, null, { ...options, lang: 'de' }).text).toContain(
      `Neue Nachrichten seit deinem letzten Zug:\n  ${isolated('Resi')}: ${isolated('Bist du noch da? Hallo?')}`,
    );
    expect(mailFor({ ...facts, chat: { messages: [], more: 0 } }, null, options).text).not.toContain('New messages');
    expect(mailFor({ ...facts, type: 'table_over', standings: [] }, null, options).text).not.toContain('New messages');
  });
});
