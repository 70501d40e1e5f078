/**
 * The table admin (API.md "Table admin", worker/routes/admin.ts, worker/table/admin-commands.ts):
 * the admin link and who may use which endpoint, pause and resume (actions refused, bots
 * waiting, driven by the alarm), rotating a seat's link (the old one refused at once, its
 * sockets closed), changing seats and options, ending the table, and that the admin view
 * tells nothing of the cards. A new series: admin-series.test.ts.
 */
import { evictDurableObject, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Deal } from '../../shared/deal.js';
import { hashToken } from '../../worker/model/tokens.js';
import { command, createAdminTable, headers, postAdmin, type AdminViewBody } from './admin-support.js';
import {
  act,
  connect,
  expectError,
  handMade,
  postAction,
  postJson,
  request,
  sql,
  tableFor,
  tableStub,
  view,
  type CreatedTable,
  type TableView,
} from './support.js';

/** The table's version from its log (a GET per alarm run would meet the read limit). */
const versionOf = async (table: CreatedTable) => (await sql<{ v: number }>(table, 'SELECT COALESCE(MAX(version), 0) AS v FROM actions'))[0]!.v;

/** The close event of a socket, when it comes. */
const closeOf = (ws: WebSocket) => new Promise<CloseEvent>((resolve) => ws.addEventListener('close', resolve));

describe('the admin link', () => {
  it('comes with a new table, points to the admin page and reads the admin view', async () => {
    const table = await createAdminTable({ name: 'Stammtisch', seats: [{ name: 'Vroni' }, { bot: 'easy' }, {}] });
    expect(table.admin.url).toBe(`https://wallachen.test/admin/${table.tableId}#${table.admin.token}`);
    expect(new Set([...table.seats.map((s) => s.token), table.spectator.token, table.admin.token]).size).toBe(5);
    const res = await request(`/api/tables/${table.tableId}/admin`, { headers: headers(table.admin.token) });
    const admin = (await res.json()) as AdminViewBody;
    expect(res.status).toBe(200);
    expect(admin).toMatchObject({ name: 'Stammtisch', series: 1, paused: false, ended: false, phase: 'doubling', gameNumber: 1, version: 0 });
    expect(admin.seats.map((s) => [s.name, s.bot, s.botLevel])).toEqual([
      ['Vroni', false, null],
      ['Seat 2', true, 'easy'],
      ['Seat 3', false, null],
    ]);
    const stored = await sql<{ role: string | null; seat: number | null }>(table, 'SELECT role, seat FROM tokens WHERE role IS NOT NULL');
    expect(stored).toEqual([{ role: 'admin', seat: null }]);
  });

  it('opens no seat or spectator endpoint (403), and a seat or spectator link opens no admin endpoint (403)', async () => {
    const table = await createAdminTable();
    const { tableId } = table;
    const admin = table.admin.token;
    expect(await expectError(request(`/api/tables/${tableId}`, { headers: headers(admin) }), 403, 'forbidden')).toMatch(/admin/);
    await expectError(postAction(tableId, admin, { type: 'double', double: false }), 403, 'forbidden');
    await expectError(request(`/api/tables/${tableId}/games`, { headers: headers(admin) }), 403, 'forbidden');
    await expectError(request(`/api/tables/${tableId}/notifications`, { headers: headers(admin) }), 403, 'forbidden');
    await expectError(request(`/api/tables/${tableId}/ws`, { headers: { ...headers(admin), upgrade: 'websocket' } }), 403, 'forbidden');
    for (const token of [...table.seats.map((s) => s.token), table.spectator.token]) {
      await expectError(postAdmin(tableId, token, { type: 'pause' }), 403, 'forbidden');
      await expectError(request(`/api/tables/${tableId}/admin`, { headers: headers(token) }), 403, 'forbidden');
    }
    const other = await createAdminTable();
    await expectError(postAdmin(tableId, other.admin.token, { type: 'pause' }), 403, 'forbidden');
    expect((await view(tableId, table.seats[0]!.token)).paused).toBe(false);
  });

  it('of a table made before admins is refused for every token', async () => {
    const table = await createAdminTable();
    await sql(table, "DELETE FROM tokens WHERE role = 'admin'");
    await evictDurableObject(tableStub(table.tableId));
    for (const token of [table.admin.token, table.spectator.token, ...table.seats.map((s) => s.token)]) {
      await expectError(postAdmin(table.tableId, token, { type: 'pause' }), 403, 'forbidden');
    }
  });

  it('refuses malformed commands with 400, naming the field', async () => {
    const table = await createAdminTable();
    for (const body of [
      {},
      { type: 'pause', extra: 1 },
      { type: 'rotate', seat: 3 },
      { type: 'seat', seat: 0, name: 'x'.repeat(41) },
      { type: 'seat', seat: 0 },
    ]) {
      await expectError(postAdmin(table.tableId, table.admin.token, body), 400, 'bad_request');
    }
    expect(await expectError(postAdmin(table.tableId, table.admin.token, { type: 'seat', seat: 1, bot: 'hard' }), 400, 'bad_request')).toMatch(/bot/);
  });

  it('refuses a new name with control, bidi or invisible characters, one that shows nothing or piles up marks, as at creation; the old name stays', async () => {
    const table = await createAdminTable();
    const before = (await view(table.tableId, table.seats[0]!.token)).seats[1]!.name;
    for (const [name, why] of [
      ['Se\u0000pp', /^name: one line/],
      ['\u202eSepp', /^name: bidi/],
      ['Sepp\u2066', /^name: bidi/],
      ['Sepp\u200e', /^name: bidi/],
      ['Se\u200bpp', /^name: invisible/],
      ['Se\ufeffpp', /^name: invisible/],
      ['\u3164', /^name: shows nothing/],
      ['\u2800 \u115f\u1160 \uffa0', /^name: shows nothing/],
      ['\u17b4', /^name: shows nothing/],
      ['Sepp\u3164', /^name: invisible/],
      [`Sepp${'\u0301'.repeat(20)}`, /^name: at most 3 combining marks/],
    ] as const) {
      expect(await expectError(postAdmin(table.tableId, table.admin.token, { type: 'seat', seat: 1, name }), 400, 'bad_request'), name).toMatch(why);
    }
    expect((await view(table.tableId, table.seats[0]!.token)).seats[1]!.name).toBe(before);
  });
});

describe('pause and resume', () => {
  it('refuses every action while paused (409 paused, POST and socket), shows it in every view, and takes actions again after', async () => {
    const table = await createAdminTable({ options: { games: 1 } });
    const seat0 = await connect(table.tableId, table.seats[0]!.token, 'protocol');
    await seat0.next(); // the view on opening
    const paused = await command(table, { type: 'pause' });
    expect(paused.paused).toBe(true);
    const pushed = await seat0.next();
    expect(pushed.view!.paused).toBe(true);
    expect(pushed.view!.deadline).toBeNull();
    expect((await view(table.tableId, table.spectator.token)).paused).toBe(true);
    expect(await expectError(postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false }), 409, 'paused')).toMatch(/paused/);
    // "Your tables" does not call it the seat's move while the table is paused.
    const owes = async () => {
      const res = await postJson(
        '/api/tables/overview',
        { links: [{ tableId: table.tableId, token: table.seats[0]!.token }] },
        headers(table.seats[0]!.token),
      );
      return ((await res.json()) as { tables: { owesMove: boolean }[] }).tables[0]!.owesMove;
    };
    expect(await owes()).toBe(false);
    seat0.ws.send(JSON.stringify({ type: 'action', action: { type: 'double', double: false, id: 'while-paused' } }));
    expect(await seat0.next()).toMatchObject({ type: 'answer', id: 'while-paused', status: 409, error: { code: 'paused' } });
    // Pausing twice changes nothing: no view is pushed (a socket is pushed only a changed view); the next is the resume's.
    expect((await command(table, { type: 'pause' })).paused, 'pausing twice changes nothing').toBe(true);
    expect((await command(table, { type: 'resume' })).paused).toBe(false);
    expect((await seat0.next()).view!.paused).toBe(false);
    expect(await owes()).toBe(true);
    await act(table.tableId, table.seats[0]!.token, { type: 'double', double: false });
    expect(await sql(table, 'SELECT paused_until IS NOT NULL AS closed FROM pauses')).toEqual([{ closed: 1 }]);
    seat0.close();
  });

  it('keeps a bot from moving while paused; resumed, it moves by the alarm', async () => {
    const table = await createAdminTable({ seats: [{ bot: 'strong' }, {}, {}], options: { games: 1 } });
    await command(table, { type: 'pause' });
    await runDurableObjectAlarm(tableStub(table.tableId));
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(await versionOf(table), 'no bot moved while paused').toBe(0);
    await evictDurableObject(tableStub(table.tableId));
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(await versionOf(table), 'the pause is kept across an eviction').toBe(0);
    await command(table, { type: 'resume' });
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    expect(await versionOf(table)).toBe(1);
  });
});

describe("rotating a seat's link", () => {
  it('answers the new link once; the old token gets 401 at once on GET, POST and the socket, whose open sockets are closed', async () => {
    const table = await createAdminTable({ options: { games: 1 } });
    const old = table.seats[1]!.token;
    const oldSocket = await connect(table.tableId, old);
    await oldSocket.next();
    const otherSocket = await connect(table.tableId, table.seats[0]!.token);
    await otherSocket.next();
    const closed = closeOf(oldSocket.ws);
    const rotated = await command<{ seat: number; token: string; url: string }>(table, { type: 'rotate', seat: 1 });
    expect(rotated.seat).toBe(1);
    expect(rotated.token).not.toBe(old);
    expect(rotated.url).toBe(`https://wallachen.test/t/${table.tableId}#${rotated.token}`);
    const event = await closed;
    expect(event.code).toBe(4001);
    expect(event.reason).toMatch(/replaced/);
    expect(otherSocket.ws.readyState, "another seat's socket stays open").toBe(WebSocket.OPEN);
    expect(await expectError(request(`/api/tables/${table.tableId}`, { headers: headers(old) }), 401, 'unauthorized')).toMatch(
      /replaced by the table's admin/,
    );
    await expectError(postAction(table.tableId, old, { type: 'double', double: false }), 401, 'unauthorized');
    await expectError(request(`/api/tables/${table.tableId}/ws`, { headers: { ...headers(old), upgrade: 'websocket' } }), 401, 'unauthorized');
    // The new link plays the seat, by POST and over a socket.
    expect((await view(table.tableId, rotated.token)).seat).toBe(1);
    const fresh = await connect(table.tableId, rotated.token);
    expect((await fresh.next()).view!.seat).toBe(1);
    await act(table.tableId, rotated.token, { type: 'double', double: false });
    // Stored: the new hash, the old one remembered; after an eviction too.
    await evictDurableObject(tableStub(table.tableId));
    await expectError(postAction(table.tableId, old, { type: 'double', double: true }), 401, 'unauthorized');
    expect((await view(table.tableId, rotated.token)).version).toBe(1);
    fresh.close();
    otherSocket.close();
  });

  it('remembers the last 50 replaced tokens; older ones get 403 like a stranger', async () => {
    const table = await createAdminTable();
    const stub = tableStub(table.tableId);
    const adminHash = await hashToken(table.admin.token);
    const first = await hashToken(table.seats[2]!.token);
    // 51 rotations through the table itself (the Worker would allow 30 a minute).
    for (let i = 0; i < 51; i++) {
      const rotated = await stub.rotateLink(adminHash, 2, { hash: `${i}`.padStart(64, 'f'), nonce: `n${i}` });
      expect(rotated.ok).toBe(true);
    }
    expect((await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM replaced_links'))[0]!.n).toBe(50);
    expect(await sql(table, 'SELECT 1 FROM replaced_links WHERE hash = ?', first)).toEqual([]);
    await expectError(request(`/api/tables/${table.tableId}`, { headers: headers(table.seats[2]!.token) }), 403, 'forbidden');
  });
});

describe('changing a seat', () => {
  it('renames a seat (trimmed), shown in every view', async () => {
    const table = await createAdminTable();
    const admin = await command(table, { type: 'seat', seat: 2, name: '  Sepp  ' });
    expect(admin.seats[2]!.name).toBe('Sepp');
    expect((await view(table.tableId, table.seats[0]!.token)).seats[2]!.name).toBe('Sepp');
    // Marks as the scripts stack them (two on one letter in decomposed Vietnamese), and braille blanks trimmed as spaces.
    for (const [name, kept] of [
      ['Nguyễn'.normalize('NFD'), 'Nguyễn'.normalize('NFD')],
      ['\u2800श्रीनिवास सिंह\u2800', 'श्रीनिवास सिंह'],
    ]) {
      expect((await command(table, { type: 'seat', seat: 1, name })).seats[1]!.name).toBe(kept);
    }
  });

  it("puts a bot in a person's place, which moves by the alarm, the person's link replaced; and a person back with a new link", async () => {
    const table = await createAdminTable({ options: { games: 1 } });
    const seated = await command(table, { type: 'seat', seat: 0, bot: 'easy' });
    expect(seated.seats[0]).toMatchObject({ bot: true, botLevel: 'easy', mail: false });
    // The seat's link was replaced with it (rotation.test.ts: what its holder set up ends too).
    await expectError(postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false }), 401, 'unauthorized');
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    expect(await versionOf(table), 'the bot decided its double').toBe(1);
    const back = await command(table, { type: 'seat', seat: 0, bot: false });
    expect(back.seats[0]).toMatchObject({ bot: false, botLevel: null });
    // A person plays the seat again with a new link (its double was the bot's; seat 1 decides now).
    const link = await command<{ token: string }>(table, { type: 'rotate', seat: 0 });
    expect((await view(table.tableId, link.token)).seats[0]!.bot).toBe(false);
    await act(table.tableId, table.seats[1]!.token, { type: 'double', double: false });
  });
});

describe('options', () => {
  it('changes the clock, the timeout policy, the vacation hours and the chat; refuses what is out of range', async () => {
    const table = await createAdminTable();
    const admin = await command(table, { type: 'options', moveDeadlineHours: 48, onTimeout: 'wait', vacationHours: 100, chat: false });
    expect(admin).toMatchObject({ moveDeadlineHours: 48, onTimeout: 'wait', vacationHours: 100, chat: false });
    const seen = await view(table.tableId, table.seats[0]!.token);
    expect(seen.moveDeadlineHours).toBe(48);
    expect(seen.deadline).not.toBeNull();
    expect((await command(table, { type: 'options', moveDeadlineHours: null })).moveDeadlineHours).toBeNull();
    await evictDurableObject(tableStub(table.tableId));
    expect((await view(table.tableId, table.seats[0]!.token)).deadline).toBeNull();
    const stored = await sql(table, 'SELECT move_deadline_hours, on_timeout, vacation_hours, chat FROM settings');
    expect(stored).toEqual([{ move_deadline_hours: null, on_timeout: 'wait', vacation_hours: 100, chat: 0 }]);
    for (const body of [{ moveDeadlineHours: 0 }, { moveDeadlineHours: 721 }, { vacationHours: 337 }, { onTimeout: 'skip' }, { chat: 'on' }, {}]) {
      await expectError(postAdmin(table.tableId, table.admin.token, { type: 'options', ...body }), 400, 'bad_request');
    }
    // Who may embed the table is an option too (embed.test.ts tests it in full).
    expect(await command(table, { type: 'options', spectatorEmbeds: false })).toMatchObject({ spectatorEmbeds: false, frameOrigins: [] });
  });
});

describe('ending the table', () => {
  it('refuses actions (409 table_ended) and further commands but rotate; views and games stay readable; bots stop', async () => {
    const table = await createAdminTable({ seats: [{}, { bot: 'strong' }, {}], options: { games: 1 } });
    const ended = await command(table, { type: 'end' });
    expect(ended.ended).toBe(true);
    expect((await command(table, { type: 'end' })).ended, 'ending twice changes nothing').toBe(true);
    const seen = await view(table.tableId, table.seats[0]!.token);
    expect(seen.ended).toBe(true);
    expect(seen.hand).toHaveLength(3);
    await expectError(postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false }), 409, 'table_ended');
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect(await versionOf(table)).toBe(0);
    for (const body of [
      { type: 'pause' },
      { type: 'resume' },
      { type: 'seat', seat: 0, name: 'X' },
      { type: 'options', chat: false },
      { type: 'newSeries' },
    ]) {
      await expectError(postAdmin(table.tableId, table.admin.token, body), 409, 'table_ended');
    }
    await command(table, { type: 'rotate', seat: 0 });
    const res = await request(`/api/tables/${table.tableId}/games`, { headers: headers(table.spectator.token) });
    expect(res.status).toBe(200);
  });
});

describe('the admin view', () => {
  it('is the same in two worlds that differ only in hidden cards: it shows no card', async () => {
    const game = handMade('01-hold-stage1-overtrump');
    const swapped: Deal = {
      hands: [game.deal.hands[0], game.deal.hands[2], game.deal.hands[1]] as Deal['hands'],
      stock: [game.deal.stock[1], game.deal.stock[0]] as Deal['stock'],
    };
    const worlds = [await createAdminTable(tableFor(game)), await createAdminTable({ ...tableFor(game), deals: [swapped] })];
    const seen: unknown[] = [];
    for (const world of worlds) {
      await act(world.tableId, world.seats[0]!.token, { type: 'double', double: false });
      const { tableId, ...rest } = await command(world, { type: 'pause' });
      expect(tableId).toBe(world.tableId);
      seen.push(rest);
    }
    expect(seen[0]).toEqual(seen[1]);
    const text = JSON.stringify(seen[0]);
    for (const card of [...game.deal.hands.flat(), ...game.deal.stock]) expect(text).not.toContain(`"${card}"`);
    const views: TableView[] = await Promise.all(worlds.map((w) => view(w.tableId, w.seats[1]!.token)));
    expect(views[0]!.hand).not.toEqual(views[1]!.hand); // the worlds do differ in what a seat holds
  });

  it('shows whether a seat is notified, never its address', async () => {
    const table = await createAdminTable({ seats: [{ email: 'vroni@example.com' }, {}, {}] });
    const admin = await command(table, { type: 'pause' });
    expect(admin.seats.map((s) => [s.mail, s.webhook])).toEqual([
      [true, null],
      [false, null],
      [false, null],
    ]);
    expect(JSON.stringify(admin)).not.toContain('example.com');
  });
});

describe('the admin limit', () => {
  it('takes 30 commands a minute per admin link, then 429 with Retry-After', { timeout: 70_000 }, async () => {
    const table = await createAdminTable();
    // A fresh window, so that the count starts at 0 in it.
    const into = Date.now() % 60_000;
    if (into > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 100));
    for (let i = 0; i < 30; i++) expect((await postAdmin(table.tableId, table.admin.token, { type: 'pause' })).status, `command ${i + 1}`).toBe(200);
    const refused = await postAdmin(table.tableId, table.admin.token, { type: 'resume' });
    expect(refused.headers.get('retry-after')).toBe('60');
    await expectError(refused, 429, 'rate_limited');
    expect((await view(table.tableId, table.seats[0]!.token)).paused, 'the refused resume did nothing').toBe(true);
  });
});
