/**
 * What keeps a public table from growing without end or drifting from its storage: finished
 * games' stored answers pruned (a retry still answered the same), retention, the history
 * outbox's dead letters and rows that never block each other, memory reset when a
 * transaction throws, and the limits of its sockets (per table, per link, per message).
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameRecord } from '../../shared/record.js';
import { outboxRetryDelay, OUTBOX_GIVE_UP_MS } from '../../worker/history/outbox.js';
import { SOCKET_LIMITS } from '../../worker/table/sockets/sockets.js';
import { TableStorage } from '../../worker/storage/table-storage.js';
import {
  act,
  connect,
  createTable,
  eventually,
  handMade,
  HAND_MADE_PAIRS,
  postAction,
  randomIp,
  request,
  tableFor,
  tableStub,
  view,
  type CreatedTable,
  type Socket,
  sql,
} from './support.js';

const GAME = handMade('04-bettel-lost-early');

afterEach(() => {
  vi.restoreAllMocks();
});

/** Plays `record` with an id per action; answers each action's answer text. */
async function playWithIds(table: CreatedTable, record: GameRecord, prefix: string): Promise<string[]> {
  const answers: string[] = [];
  for (const [i, { seat, action }] of record.actions.entries()) {
    const res = await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: `${prefix}${i}` });
    answers.push(await res.text());
    expect(res.status, answers.at(-1)).toBe(200);
  }
  return answers;
}

describe('the answers of a game', () => {
  it('are not stored; a retried id of a finished game answers from the log exactly as the first time', async () => {
    const table = await createTable(tableFor(GAME));
    const answers = await playWithIds(table, GAME, 'a');
    const stored = await sql<{ n: number }>(table, "SELECT COUNT(*) AS n FROM actions WHERE response <> ''");
    expect(stored[0]!.n).toBe(0);
    expect((await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM actions'))[0]!.n).toBe(GAME.actions.length);
    // Every retry, the first action's and the last's among them, gets the answer it got then.
    for (const i of [0, 3, Math.floor(GAME.actions.length / 2), GAME.actions.length - 1]) {
      const { seat, action } = GAME.actions[i]!;
      const again = await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: `a${i}` });
      expect(again.status).toBe(200);
      expect(JSON.parse(await again.text())).toEqual(JSON.parse(answers[i]!));
    }
    // Also after an eviction (the replay reads the log, not memory).
    await evictDurableObject(tableStub(table.tableId));
    const { seat, action } = GAME.actions[5]!;
    expect(JSON.parse(await (await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: 'a5' })).text())).toEqual(
      JSON.parse(answers[5]!),
    );
  });

  it('of the running game are kept in memory only: a retry gets the same answer, also after an eviction (replayed); storage never holds a view', async () => {
    const table = await createTable(tableFor(GAME));
    const some = GAME.actions.slice(0, 6);
    const answers: string[] = [];
    for (const [i, { seat, action }] of some.entries()) {
      const res = await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: `k${i}` });
      answers.push(await res.text());
    }
    expect((await sql<{ n: number }>(table, "SELECT COUNT(*) AS n FROM actions WHERE response <> ''"))[0]!.n).toBe(0);
    const retry = async (i: number) => {
      const { seat, action } = some[i]!;
      return JSON.parse(await (await postAction(table.tableId, table.seats[seat]!.token, { ...action, id: `k${i}` })).text()) as unknown;
    };
    expect(await retry(2)).toEqual(JSON.parse(answers[2]!));
    await evictDurableObject(tableStub(table.tableId));
    for (const i of [0, 2, 5]) expect(await retry(i)).toEqual(JSON.parse(answers[i]!));
  });
});

describe('memory and storage stay one', () => {
  it('an action whose transaction throws changes nothing: the object reads its table again from storage', async () => {
    const table = await createTable(tableFor(GAME));
    const first = GAME.actions[0]!;
    const before = await view(table.tableId, table.seats[0]!.token);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(TableStorage.prototype, 'saveAction').mockImplementationOnce(() => {
      throw new Error('storage fails (test)');
    });
    const failed = await postAction(table.tableId, table.seats[first.seat]!.token, first.action);
    expect(failed.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    // Without the reset the memory would be one action ahead of the storage.
    expect(await view(table.tableId, table.seats[0]!.token)).toEqual(before);
    const done = await act(table.tableId, table.seats[first.seat]!.token, first.action);
    expect(done.version).toBe(1);
  });

  it('a creation whose transaction throws leaves no table behind, in storage or memory', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(TableStorage.prototype, 'saveFixedDeals').mockImplementationOnce(() => {
      throw new Error('storage fails (test)');
    });
    const res = await request('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() },
      body: JSON.stringify(tableFor(GAME)),
    });
    expect(res.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    // The next creation works as usual.
    await createTable(tableFor(GAME));
  });
});

describe('retention', () => {
  const backdate = (table: CreatedTable, days: number) =>
    runInDurableObject(tableStub(table.tableId), (_i, state) => {
      const then = new Date(Date.now() - days * 86_400_000).toISOString();
      state.storage.sql.exec('UPDATE actions SET at = ?', then);
      state.storage.sql.exec('UPDATE deals SET dealt_at = ?', then);
      state.storage.sql.exec('UPDATE settings SET created_at = ?', then);
    });

  it('a table idle for RETENTION_DAYS deletes its storage from the alarm; its games stay in D1 and its links say why', async () => {
    const table = await createTable(tableFor(GAME));
    await playWithIds(table, GAME, 'x');
    await eventually(async () => ((await tableStub(table.tableId).pendingHistory()) === 0 ? true : undefined), 'the history to reach D1');
    expect(Number(env.RETENTION_DAYS)).toBe(180);
    await backdate(table, 179);
    await evictDurableObject(tableStub(table.tableId));
    await runDurableObjectAlarm(tableStub(table.tableId));
    expect((await view(table.tableId, table.seats[0]!.token)).phase).toBe('finished'); // 179 days: kept

    await backdate(table, 181);
    await evictDurableObject(tableStub(table.tableId));
    await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.setAlarm(Date.now()));
    expect(await runDurableObjectAlarm(tableStub(table.tableId))).toBe(true);
    const gone = await request(`/api/tables/${table.tableId}`, { headers: { authorization: `Bearer ${table.seats[0]!.token}` } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toMatch(/deleted .* without a move/);
    const tables = await sql<{ name: string }>(
      table,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
    );
    expect(tables.map((t) => t.name)).toEqual(['retired']);
    expect(await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.getAlarm())).toBeNull();
    const d1 = await env.DB.prepare('SELECT COUNT(*) AS n FROM games WHERE table_id = ?').bind(table.tableId).first<{ n: number }>();
    expect(d1!.n).toBe(1);
  });

  it('a table whose history has not reached D1 is kept past retention', async () => {
    const table = await createTable(tableFor(GAME));
    await eventually(async () => ((await tableStub(table.tableId).pendingHistory()) === 0 ? true : undefined), 'the table row to reach D1');
    const trigger = `retention_${table.tableId}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON games WHEN NEW.table_id = '${table.tableId}' BEGIN SELECT RAISE(ABORT, 'history is down (test)'); END`,
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await playWithIds(table, GAME, 'y');
      await eventually(
        async () => ((await sql<{ attempts: number }>(table, 'SELECT attempts FROM outbox'))[0]?.attempts === 1 ? true : undefined),
        'a failed write',
      );
      await backdate(table, 200);
      await evictDurableObject(tableStub(table.tableId));
      await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.setAlarm(Date.now()));
      await runDurableObjectAlarm(tableStub(table.tableId));
      expect((await view(table.tableId, table.seats[0]!.token)).phase).toBe('finished');
    } finally {
      await env.DB.exec(`DROP TRIGGER ${trigger}`);
    }
  });
});

describe('the history outbox', () => {
  it('retries with jitter: each delay between half and all of 5 s × 2^attempts, at most 10 minutes', () => {
    expect(outboxRetryDelay(0, 0)).toBe(2_500);
    expect(outboxRetryDelay(0, 1)).toBe(5_000);
    expect(outboxRetryDelay(3, 0.5)).toBe(30_000);
    expect(outboxRetryDelay(20, 1)).toBe(600_000);
    const draws = new Set(Array.from({ length: 20 }, () => outboxRetryDelay(2)));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('one failing row never blocks the rows behind it; after a day it becomes a dead letter, which an operator can replay', async () => {
    const [redeal, next] = HAND_MADE_PAIRS[0]!.map(handMade) as [GameRecord, GameRecord];
    const table = await createTable({ options: { ...redeal.options, firstDealer: redeal.dealer, games: 1 }, deals: [redeal.deal, next.deal] });
    await eventually(async () => ((await tableStub(table.tableId).pendingHistory()) === 0 ? true : undefined), 'the table row to reach D1');
    // D1 refuses the first game (the redeal) only.
    const trigger = `dead_${table.tableId}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON games WHEN NEW.table_id = '${table.tableId}' AND NEW.deal_index = 0 BEGIN SELECT RAISE(ABORT, 'bad row (test)'); END`,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stub = tableStub(table.tableId);
    const inD1 = async () =>
      (
        await env.DB.prepare('SELECT deal_index FROM games WHERE table_id = ? ORDER BY deal_index').bind(table.tableId).all<{ deal_index: number }>()
      ).results.map((r) => r.deal_index);
    try {
      await playWithIds(table, redeal, 'r');
      await playWithIds(table, next, 'n');
      // The second game is written although the first, queued before it, fails.
      await eventually(async () => ((await inD1()).includes(1) ? true : undefined), 'the second game in D1');
      expect(await inD1()).toEqual([1]);
      expect(await stub.pendingHistory()).toBe(1);
      expect(warn.mock.calls.flat().join(' ')).toMatch(/bad row \(test\)/);

      // A day later, still failing: a dead letter, no longer retried, the alarm not set for it.
      await runInDurableObject(
        stub,
        (_i, state) => void state.storage.sql.exec('UPDATE outbox SET queued_at = ?, next_attempt_at = 0', Date.now() - OUTBOX_GIVE_UP_MS - 1),
      );
      await runDurableObjectAlarm(stub);
      expect(await sql<{ dead: number }>(table, 'SELECT dead FROM outbox')).toEqual([{ dead: 1 }]);
      expect(error.mock.calls.flat().join(' ')).toMatch(/dead letter/);
      const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
      expect(alarm! - Date.now()).toBeGreaterThan(179 * 86_400_000); // only retention waits
      // The operator's endpoints (OPS_TOKEN): strangers are refused; the operator sees the row, never its payload.
      const ops = (method: string, path: string, token = env.OPS_TOKEN!) =>
        request(`/api/ops/tables/${table.tableId}/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
      expect((await ops('GET', 'history', table.seats[0]!.token)).status).toBe(401);
      expect((await ops('POST', 'history/replay', 'x'.repeat(40))).status).toBe(401);
      const listed = await (await ops('GET', 'history')).text();
      expect(JSON.parse(listed)).toMatchObject({ deadLetters: [{ kind: 'game', lastError: expect.stringMatching(/bad row/) }] });
      expect(listed).not.toMatch(/"hands"|"actions"/);

      // The operator fixes D1 and replays.
      await env.DB.exec(`DROP TRIGGER ${trigger}`);
      expect(await (await ops('POST', 'history/replay')).json()).toEqual({ replayed: 1 });
      await eventually(async () => ((await stub.pendingHistory()) === 0 ? true : undefined), 'the replayed row in D1');
      expect(await inD1()).toEqual([0, 1]);
    } finally {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
  });
});

describe('socket limits', () => {
  it(`at most ${SOCKET_LIMITS.perSeatLink} sockets per seat link: one more closes that link's oldest`, async () => {
    const table = await createTable(tableFor(GAME));
    const sockets: Socket[] = [];
    for (let i = 0; i < SOCKET_LIMITS.perSeatLink; i++) {
      const socket = await connect(table.tableId, table.seats[0]!.token);
      await socket.next();
      sockets.push(socket);
    }
    const closed = new Promise<number>((resolve) => sockets[0]!.ws.addEventListener('close', (event) => resolve(event.code)));
    const extra = await connect(table.tableId, table.seats[0]!.token);
    expect((await extra.next()).type).toBe('view');
    expect(await closed).toBe(4008);
    // Another link of the table is not affected.
    const other = await connect(table.tableId, table.seats[1]!.token);
    expect((await other.next()).type).toBe('view');
  });

  it(`at most ${SOCKET_LIMITS.perSpectatorLink} sockets on the spectator link and ${SOCKET_LIMITS.perTable} per table: one more is refused with 429`, async () => {
    const table = await createTable(tableFor(GAME));
    // Each from its own client address (IPv4: IPv6 clients share the budget of their /64), so that only the table's limits can bite.
    const randomIpv4 = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    const open = (token: string) =>
      request(`/api/tables/${table.tableId}/ws`, {
        headers: { upgrade: 'websocket', authorization: `Bearer ${token}`, 'cf-connecting-ip': randomIpv4() },
      });
    const accepted = async (token: string) => {
      const res = await open(token);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
    };
    for (let i = 0; i < SOCKET_LIMITS.perSpectatorLink; i++) await accepted(table.spectator.token);
    const refused = await open(table.spectator.token);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/spectator link/);
    // The seats fill the table up to its limit; the next is refused whoever asks.
    let opened = SOCKET_LIMITS.perSpectatorLink;
    for (let seat = 0; opened < SOCKET_LIMITS.perTable; opened++, seat = (seat + 1) % 3) await accepted(table.seats[seat]!.token);
    const full = await open(table.seats[2]!.token);
    expect(full.status).toBe(429);
    expect(await full.text()).toMatch(/this table has/);
  });

  it(`a link may send ${SOCKET_LIMITS.messages} messages per ${SOCKET_LIMITS.windowMs / 1000} s over all its sockets: more are refused, and a flood closes them`, async () => {
    const table = await createTable(tableFor(GAME));
    const opened = async (token: string) => {
      const socket = await connect(table.tableId, token);
      expect((await socket.next()).type).toBe('view');
      return socket;
    };
    const closedWith = (socket: Socket) => new Promise<number>((resolve) => socket.ws.addEventListener('close', (event) => resolve(event.code)));
    const VIEW = JSON.stringify({ type: 'view' });
    // The spectator link's budget spread over five sockets: all answered.
    const sockets = await Promise.all(Array.from({ length: 5 }, () => opened(table.spectator.token)));
    for (let i = 0; i < SOCKET_LIMITS.messages; i++) sockets[i % sockets.length]!.ws.send(VIEW);
    for (const socket of sockets) {
      for (let i = 0; i < SOCKET_LIMITS.messages / sockets.length; i++) expect((await socket.next()).type).toBe('view');
    }
    // One more is refused on whichever socket it comes, a new one included: closing and reopening buys nothing.
    sockets[0]!.ws.send(VIEW);
    expect(await sockets[0]!.next()).toMatchObject({ type: 'error', error: { code: 'rate_limited' } });
    sockets[4]!.close();
    const fresh = await opened(table.spectator.token);
    fresh.ws.send(VIEW);
    expect(await fresh.next()).toMatchObject({ type: 'error', error: { code: 'rate_limited' } });
    // Another link of the table keeps its own budget.
    const seat = await opened(table.seats[0]!.token);
    seat.ws.send(VIEW);
    expect((await seat.next()).type).toBe('view');
    // Past twice the budget, every message closes the socket that sent it.
    for (let i = 0; i < SOCKET_LIMITS.messages - 2; i++) sockets[1]!.ws.send(VIEW); // 600 in the window
    for (let i = 0; i < SOCKET_LIMITS.messages - 2; i++)
      expect(await sockets[1]!.next()).toMatchObject({ type: 'error', error: { code: 'rate_limited' } });
    for (const socket of [sockets[1]!, sockets[2]!]) {
      const closed = closedWith(socket);
      socket.ws.send(VIEW);
      expect(await closed).toBe(1008);
    }
    seat.ws.send(VIEW);
    expect((await seat.next()).type, 'the seat is still answered').toBe('view');
  });
});

describe('actions on one socket', () => {
  it('are applied in the order sent, even when sent without waiting for answers', async () => {
    const table = await createTable(tableFor(GAME));
    // Up to the declarer's discard: then the declarer sends discard and declare at once.
    const discardAt = GAME.actions.findIndex((a) => a.action.type === 'discard');
    for (const { seat, action } of GAME.actions.slice(0, discardAt)) await act(table.tableId, table.seats[seat]!.token, action);
    const declarer = GAME.actions[discardAt]!.seat;
    const socket = await connect(table.tableId, table.seats[declarer]!.token);
    await socket.next();
    const burst = GAME.actions.slice(discardAt).filter((a, i, all) => all.slice(0, i + 1).every((b) => b.seat === declarer));
    expect(burst.length).toBeGreaterThanOrEqual(2);
    burst.forEach(({ action }, i) => socket.ws.send(JSON.stringify({ type: 'action', action: { ...action, id: `o${i}`, version: discardAt + i } })));
    for (let i = 0; i < burst.length; i++) expect(await socket.next()).toMatchObject({ type: 'answer', id: `o${i}`, status: 200 });
  });
});
