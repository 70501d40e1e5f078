/**
 * The table's Durable Object: it survives eviction mid-game, serialises racing actions,
 * applies a client action id once, refuses stale versions, keeps finished games in an
 * outbox while D1 fails and delivers them later, and never hands a token to D1.
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../shared/options.js';
import type { TableObject } from '../../worker/table/table-object.js';
import { History } from '../../worker/history/writer.js';
import { getRecord, recordKey } from '../../worker/history/records.js';
import { hashToken } from '../../worker/model/tokens.js';
import {
  act,
  createTable,
  eventually,
  expectError,
  games,
  handMade,
  playActions,
  postAction,
  request,
  tableFor,
  tableStub,
  view,
  type CreatedTable,
  type TableView,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
/** Index of the first play in GAME: actions before it are doubling, auction, discard and contract. */
const FIRST_PLAY = GAME.actions.findIndex((a) => a.action.type === 'play');

const everyToken = (table: CreatedTable) => [...table.seats.map((s) => s.token), table.spectator.token];
const allViews = (table: CreatedTable) => Promise.all(everyToken(table).map((token) => view(table.tableId, token)));

const MARK = Symbol('instance mark');
const markInstance = (table: CreatedTable) =>
  runInDurableObject(tableStub(table.tableId), (instance: TableObject) => {
    (instance as unknown as Record<symbol, boolean>)[MARK] = true;
  });
const isMarked = (table: CreatedTable) =>
  runInDurableObject(tableStub(table.tableId), (instance: TableObject) => (instance as unknown as Record<symbol, boolean>)[MARK] === true);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('eviction and restart', () => {
  it('a table evicted mid-game answers the same views and plays on to the same end', async () => {
    const table = await createTable(tableFor(GAME));
    const half = FIRST_PLAY + 10; // in the middle of the fourth trick
    await playActions(table, GAME.actions.slice(0, half), 0);
    const before = await allViews(table);
    expect(before[0]!).toMatchObject({ version: half, phase: 'play' });

    await markInstance(table);
    expect(await isMarked(table)).toBe(true);
    await evictDurableObject(tableStub(table.tableId));
    expect(await isMarked(table)).toBe(false); // a new instance, rebuilt from storage

    expect(await allViews(table)).toEqual(before);
    const last = await playActions(table, GAME.actions.slice(half), half);
    expect(last!.version).toBe(GAME.actions.length);
    const final = await view(table.tableId, table.spectator.token);
    expect(final.phase).toBe('finished');
    expect(final.seats.map((s) => s.balance)).toEqual(GAME.settlement!.payments);
    expect((await games(table.tableId, table.spectator.token))[0]!.actions).toEqual(GAME.actions);
  });

  it('a table dealt from a secret seed keeps its deal and commitment across an eviction', async () => {
    const table = await createTable({ options: { games: 2 } });
    await act(table.tableId, table.seats[0]!.token, { type: 'double', double: false });
    const before = await allViews(table);
    expect(before[0]!.commitment).toMatch(/^[0-9a-f]{64}$/);

    await markInstance(table);
    await evictDurableObject(tableStub(table.tableId));
    expect(await isMarked(table)).toBe(false);
    expect(await allViews(table)).toEqual(before);
  });
});

describe('tables stored by an older release (legacy-log.ts)', () => {
  const sqlIn = (table: CreatedTable, query: string, ...params: SqlStorageValue[]) =>
    runInDurableObject(tableStub(table.tableId), (_i, state) => void state.storage.sql.exec(query, ...params));
  /** Appends rows to the table's action log as an older release wrote them, then evicts the table so that it loads them. */
  async function storeOldRows(table: CreatedTable, fromVersion: number, rows: readonly { seat: Seat; action: unknown }[]): Promise<void> {
    const at = new Date().toISOString();
    for (const [i, { seat, action }] of rows.entries()) {
      await sqlIn(
        table,
        'INSERT INTO actions (version, seat, action, action_id, response, at) VALUES (?, ?, ?, NULL, ?, ?)',
        fromVersion + i + 1,
        seat,
        JSON.stringify(action),
        '{}',
        at,
      );
    }
    await evictDurableObject(tableStub(table.tableId));
  }
  const typeOf = (a: { action: { type: string } }) => a.action.type;
  /** A table playing hand-made game `name`, with every action before its kontra played. */
  async function atKontra(name: string) {
    const record = handMade(name);
    const table = await createTable(tableFor(record));
    const kontraAt = record.actions.findIndex((a) => typeOf(a) === 'kontra');
    await playActions(table, record.actions.slice(0, kontraAt), 0);
    return { record, table, kontraAt };
  }

  it("a re said after a card of the first trick (R8.2 before it was the declarer's turn) loads as said right after the kontra: ×4, the same settlement", async () => {
    const { record, table, kontraAt } = await atKontra('02-raised-contract-kontra-re');
    // Stored then: 2:SA 0:kontra 0:S8 2:re 1:S7 …
    const [kontra, re, card, ...rest] = record.actions.slice(kontraAt);
    expect([typeOf(kontra!), typeOf(re!), typeOf(card!)]).toEqual(['kontra', 're', 'play']);
    await storeOldRows(table, kontraAt, [kontra!, card!, re!, ...rest]);

    for (const token of everyToken(table)) {
      const final = await view(table.tableId, token);
      expect(final).toMatchObject({ version: record.actions.length, phase: 'finished', seriesOver: true, kontra: 0, re: true, multiplier: 4 });
      expect(final.seats.map((s) => s.balance)).toEqual(record.settlement!.payments);
      expect(final.settlement).toEqual(record.settlement);
    }
    const [published] = await games(table.tableId, table.spectator.token);
    expect(published!.actions).toEqual(record.actions); // re where today's rules have it
    expect([published!.re, published!.multiplier, published!.settlement]).toEqual([true, 4, record.settlement]);
  });

  it('a kontra never answered by re, in a log that ends mid-trick: no re is implied, and play goes on to the same settlement', async () => {
    const { record, table, kontraAt } = await atKontra('08-mord-lost-early-kontra');
    // Stored then: 1:EA 2:E9 0:kontra 0:E8 (the old rules let play go on; the declarer never said re).
    const [kontra, noRe, card, ...rest] = record.actions.slice(kontraAt);
    expect(noRe!.action).toEqual({ type: 're', re: false });
    await storeOldRows(table, kontraAt, [kontra!, card!]);

    const version = kontraAt + 2;
    const loaded = await view(table.tableId, table.seats[record.declarer!]!.token);
    expect(loaded).toMatchObject({ version, phase: 'play', kontra: 0, re: false, multiplier: 2, turn: rest[0]!.seat });
    expect(loaded.lastTrick!.cards).toHaveLength(3);
    expect(loaded.legalActions.some((a) => a.type === 're')).toBe(false); // decided (no re), once and for all
    expect(loaded.history.filter((h) => h.type === 're')).toEqual([{ seat: record.declarer, type: 're', re: false }]);

    await playActions(table, rest, version);
    const final = await view(table.tableId, table.spectator.token);
    expect(final).toMatchObject({ phase: 'finished', multiplier: 2, settlement: record.settlement });
    expect(final.seats.map((s) => s.balance)).toEqual(record.settlement!.payments);
    expect((await games(table.tableId, table.spectator.token))[0]!.actions).toEqual(record.actions);
  });

  it("a log that ends right after the kontra: the declarer's re decision is owed, as today", async () => {
    const { record, table, kontraAt } = await atKontra('14-named-trump-kontra-no-re');
    await storeOldRows(table, kontraAt, [record.actions[kontraAt]!]);
    const loaded = await view(table.tableId, table.seats[record.declarer!]!.token);
    expect(loaded).toMatchObject({ version: kontraAt + 1, turn: record.declarer, legalActions: [{ type: 're' }, { type: 're', re: false }] });
    await playActions(table, record.actions.slice(kontraAt + 1), kontraAt + 1);
    expect((await view(table.tableId, table.spectator.token)).settlement).toEqual(record.settlement);
  });

  it('a pot table made before redeals were capped (no maxRedeals stored) loads its four redeals in a row', async () => {
    const deals = [
      '18-max-redeals-pass',
      '19-max-redeals-forced-payback',
      '15-opponents-last-trick',
      '03-bettel-won',
      '01-hold-stage1-overtrump',
    ].map((name) => handMade(name).deal);
    const table = await createTable({ options: { allPass: 'pot', doubling: false, games: 1, maxRedeals: 10 }, deals });
    const passes: { seat: Seat; action: { type: 'pass' } }[] = [];
    for (let redeal = 0; redeal < 4; redeal++)
      for (const by of [1, 2, 0]) passes.push({ seat: ((redeal + by) % 3) as Seat, action: { type: 'pass' } });
    await playActions(table, passes, 0);
    const before = await allViews(table);
    expect(before[3]!).toMatchObject({ version: 12, gameNumber: 1, redeal: 4, pot: 12, phase: 'auction' });

    // The options as an older release stored them: no maxRedeals (nor potTo, trump).
    const stored = await runInDurableObject(
      tableStub(table.tableId),
      (_i, state) => JSON.parse(state.storage.sql.exec<{ options: string }>('SELECT options FROM settings').one().options) as Record<string, unknown>,
    );
    expect(stored.maxRedeals).toBe(10);
    delete stored.maxRedeals;
    delete stored.potTo;
    delete stored.trump;
    await sqlIn(table, 'UPDATE settings SET options = ?', JSON.stringify(stored));
    await evictDurableObject(tableStub(table.tableId));
    expect(await allViews(table)).toEqual(before);
    // It plays on: the fifth deal's forehand may still pass.
    expect((await act(table.tableId, table.seats[2]!.token, { type: 'pass', version: 12 })).version).toBe(13);
  });
});

describe('racing actions', () => {
  it('10 concurrent copies of one action with the same version: one is applied, the others are stale', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[0]!.token;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postAction(table.tableId, token, { type: 'double', double: false, version: 0 })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) await expectError(res, 409, 'stale_version');
    expect((await view(table.tableId, token)).version).toBe(1);
  });

  it('the same action by every seat at once with the same version: only the seat on turn gets it in', async () => {
    const table = await createTable(tableFor(GAME));
    await playActions(table, GAME.actions.slice(0, 3), 0); // the doubling decisions
    const forehand = (await view(table.tableId, table.spectator.token)).turn;
    expect(forehand).toBe(1);
    const requests = table.seats.flatMap((seat) =>
      Array.from({ length: 4 }, () => ({ seat: seat.seat, res: postAction(table.tableId, seat.token, { type: 'pass', version: 3 }) })),
    );
    const answers = await Promise.all(requests.map(async (r) => ({ seat: r.seat, res: await r.res })));
    const accepted = answers.filter((a) => a.res.status === 200);
    expect(accepted.map((a) => a.seat)).toEqual([1]);
    for (const { res } of answers.filter((a) => a.res.status !== 200)) {
      const body = (await res.clone().json()) as { error: { code: string } };
      if (res.status === 409) await expectError(res, 409, 'stale_version');
      else await expectError(res, 422, body.error.code === 'not_your_turn' ? 'not_your_turn' : 'illegal_action');
    }
    expect((await view(table.tableId, table.spectator.token)).version).toBe(4);
  });

  it('10 concurrent copies of one action without a version: applied once, the rest refused by the rules', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[2]!.token;
    const answers = await Promise.all(Array.from({ length: 10 }, () => postAction(table.tableId, token, { type: 'double', double: true })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) expect(await expectError(res, 422, 'illegal_action')).toMatch(/^R3\.1/);
    const after = await view(table.tableId, token);
    expect(after.version).toBe(1);
    expect(after.seats[2]!.decided).toBe(true);
  });

  it('concurrent different actions: every accepted one counts exactly once and the log replays', async () => {
    const table = await createTable(tableFor(GAME));
    // The three doubling decisions at once: all are accepted, in some order.
    const decisions = await Promise.all(table.seats.map((seat) => act(table.tableId, seat.token, { type: 'double', double: false })));
    expect(decisions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
    await playActions(table, GAME.actions.slice(3, FIRST_PLAY), 3);

    // Every seat throws every card of its hand at once: some plays are legal when they arrive.
    const hands = await Promise.all(table.seats.map((seat) => view(table.tableId, seat.token)));
    const burst = hands.flatMap((v) => v.hand!.map((card) => postAction(table.tableId, table.seats[v.seat!]!.token, { type: 'play', card })));
    const answers = await Promise.all(burst);
    const accepted: TableView[] = [];
    for (const res of answers) {
      if (res.status === 200) accepted.push(await res.json());
      else expect([422]).toContain(res.status);
    }
    expect(accepted.length).toBeGreaterThan(0);
    const versions = accepted.map((v) => v.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: accepted.length }, (_, i) => FIRST_PLAY + 1 + i));

    const now = await allViews(table);
    expect(now[3]!.version).toBe(FIRST_PLAY + accepted.length);
    const cardsLeft = now[3]!.seats.reduce((sum, s) => sum + s.cards, 0);
    expect(cardsLeft).toBe(30 - accepted.length);
    // The log replays through the engine to the same table.
    await evictDurableObject(tableStub(table.tableId));
    expect(await allViews(table)).toEqual(now);
  });
});

describe('client action ids', () => {
  it('the same id twice is applied once, and the second answer is the first one', async () => {
    const table = await createTable(tableFor(GAME));
    const [seat0, seat1] = [table.seats[0]!.token, table.seats[1]!.token];
    const action = { type: 'double', double: false, id: 'decide-1' };
    const first = await postAction(table.tableId, seat0, action);
    const firstText = await first.text();
    expect(first.status).toBe(200);
    const again = await postAction(table.tableId, seat0, action);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(JSON.parse(firstText));
    expect((await view(table.tableId, seat0)).version).toBe(1);

    // Later, after another action and an eviction, the id still answers its first answer.
    await act(table.tableId, seat1, { type: 'double', double: true });
    await evictDurableObject(tableStub(table.tableId));
    const late = await postAction(table.tableId, seat0, { ...action, version: 0 });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual(JSON.parse(firstText));
    expect((await view(table.tableId, seat0)).version).toBe(2);
  });

  it("ids are per seat: another seat sending the same id acts itself and never gets the first seat's view", async () => {
    const table = await createTable(tableFor(GAME));
    const first = await act(table.tableId, table.seats[0]!.token, { type: 'double', double: false, id: 'same' });
    const other = await act(table.tableId, table.seats[1]!.token, { type: 'double', double: false, id: 'same' });
    expect(first.seat).toBe(0);
    expect(other.seat).toBe(1);
    expect(other.version).toBe(2);
    expect(new Set(other.hand)).toEqual(new Set(GAME.deal.hands[1].slice(0, 3)));
  });

  it("another seat's same id is a fresh action: its answers are the same whatever the first seat did under that id (R3.1)", async () => {
    // Two worlds that differ only in seat 0's secret doubling decision, sent under the id "x".
    const worlds = await Promise.all(
      [true, false].map(async (double) => {
        const table = await createTable(tableFor(GAME));
        await act(table.tableId, table.seats[0]!.token, { type: 'double', double, id: 'x' });
        return table;
      }),
    );
    const answers = (send: (table: CreatedTable) => Promise<Response>) =>
      Promise.all(
        worlds.map(async (table) => {
          const res = await send(table);
          const body = (await res.json()) as Record<string, unknown>;
          expect(body.tableId ?? table.tableId).toBe(table.tableId);
          delete body.tableId; // the one field that differs between the two tables
          return { status: res.status, body };
        }),
      );
    const expectSame = async (send: (table: CreatedTable) => Promise<Response>, status: number) => {
      const [a, b] = await answers(send);
      expect(a!.status, JSON.stringify(a!.body)).toBe(status);
      expect(b).toEqual(a);
      return a!.body;
    };

    // Seat 1 acts under the same id: a fresh action of its own, answered with its own view only.
    const accepted = await expectSame((t) => postAction(t.tableId, t.seats[1]!.token, { type: 'double', double: true, id: 'x' }), 200);
    expect(accepted).toMatchObject({ seat: 1, version: 2, multiplier: 1, doubles: [] });
    expect(accepted.history).toEqual([
      { seat: 0, type: 'double', double: null },
      { seat: 1, type: 'double', double: true },
    ]);
    // Now the id is seat 1's too: another action under it is refused for seat 1's own use, alike in both worlds.
    const reused = await expectSame((t) => postAction(t.tableId, t.seats[1]!.token, { type: 'double', double: false, id: 'x' }), 409);
    expect(reused).toEqual({ error: { code: 'id_reused', message: expect.stringContaining('"x"') } });
    // Seat 2 never used "x": the rules answer, never id_reused, alike in both worlds.
    const refused = await expectSame((t) => postAction(t.tableId, t.seats[2]!.token, { type: 'pass', id: 'x' }), 422);
    expect(refused).toMatchObject({ error: { code: 'illegal_action', message: expect.stringMatching(/^R3\.1/) } });
    for (const table of worlds) expect((await view(table.tableId, table.spectator.token)).version).toBe(2);
  });

  it('concurrent copies with one id: all answered with the same view, the version moves by 1', async () => {
    const table = await createTable(tableFor(GAME));
    const token = table.seats[2]!.token;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postAction(table.tableId, token, { type: 'double', double: true, id: 'burst' })),
    );
    const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.json() })));
    for (const { status, body } of bodies) {
      expect(status).toBe(200);
      expect(body).toEqual(bodies[0]!.body);
    }
    expect((await view(table.tableId, token)).version).toBe(1);
  });
});

describe('versions', () => {
  it('a stale or future version is refused with 409 stale_version and changes nothing', async () => {
    const table = await createTable(tableFor(GAME));
    await playActions(table, GAME.actions.slice(0, 3), 0); // the doubling window, closed
    const forehand = GAME.actions[3]!;
    const message = await expectError(
      postAction(table.tableId, table.seats[forehand.seat]!.token, { ...forehand.action, version: 2 }),
      409,
      'stale_version',
    );
    expect(message).toContain('3');
    await expectError(postAction(table.tableId, table.seats[forehand.seat]!.token, { ...forehand.action, version: 7 }), 409, 'stale_version');
    const now = await view(table.tableId, table.seats[forehand.seat]!.token);
    expect(now.version).toBe(3);
    expect(now.history).toHaveLength(3);
  });

  it("R3.1: in the doubling window a seat's first decision is taken whatever the others decided meanwhile (API.md version)", async () => {
    const table = await createTable(tableFor(GAME));
    // All three decide on the view they had when the window opened (version 0), as three people clicking at once do.
    for (const [i, { seat, action }] of GAME.actions.slice(0, 3).entries()) {
      const answer = await act(table.tableId, table.seats[seat]!.token, { ...action, version: 0 });
      expect(answer.version).toBe(i + 1);
    }
    const after = await view(table.tableId, table.spectator.token);
    expect(after.phase).toBe('auction');
    expect(after.doubles).toEqual(GAME.actions.slice(0, 3).flatMap(({ seat, action }) => (action.type === 'double' && action.double ? [seat] : [])));
  });

  it('R3.1: a seat that has decided, a version ahead of the table or one from before the window opened is still stale', async () => {
    const table = await createTable(tableFor(GAME));
    const [first, second] = GAME.actions;
    await act(table.tableId, table.seats[first!.seat]!.token, { ...first!.action, version: 0 });
    // Deciding again, on the view before its own decision: stale (with the current version the rules refuse it).
    await expectError(postAction(table.tableId, table.seats[first!.seat]!.token, { type: 'double', double: true, version: 0 }), 409, 'stale_version');
    expect(
      await expectError(
        postAction(table.tableId, table.seats[first!.seat]!.token, { type: 'double', double: true, version: 1 }),
        422,
        'illegal_action',
      ),
    ).toMatch(/^R3\.1/);
    // A version the table has not reached.
    await expectError(postAction(table.tableId, table.seats[second!.seat]!.token, { ...second!.action, version: 2 }), 409, 'stale_version');
    // Another action than a double is not a decision of the window: its version must be the table's.
    await expectError(postAction(table.tableId, table.seats[second!.seat]!.token, { type: 'pass', version: 0 }), 409, 'stale_version');

    // The window of the next game opens at the deal: a version of the game before is stale there.
    const two = await createTable({
      ...tableFor(GAME),
      options: { ...GAME.options, firstDealer: GAME.dealer, games: 2 },
      deals: [GAME.deal, GAME.deal],
    });
    await playActions(two, GAME.actions, 0);
    const dealt = await view(two.tableId, two.spectator.token);
    expect(dealt).toMatchObject({ gameNumber: 2, phase: 'doubling', version: GAME.actions.length });
    const seat = ((GAME.dealer + 1) % 3) as Seat;
    await expectError(
      postAction(two.tableId, two.seats[seat]!.token, { type: 'double', double: false, version: GAME.actions.length - 1 }),
      409,
      'stale_version',
    );
    expect((await act(two.tableId, two.seats[seat]!.token, { type: 'double', double: false, version: GAME.actions.length })).version).toBe(
      GAME.actions.length + 1,
    );
  });
});

describe('history in D1', () => {
  // A game as the history holds it: its index row in D1, its record in R2 (worker/history/records.ts).
  const d1Game = async (tableId: string) => {
    const { results } = await env.DB.prepare('SELECT series, game_number, deal_index FROM games WHERE table_id = ?')
      .bind(tableId)
      .all<{ series: number; game_number: number; deal_index: number }>();
    const games = results.map(async ({ series, game_number, deal_index }) => {
      const record = await getRecord(env.RECORDS, recordKey(tableId, series, deal_index));
      return { record: JSON.stringify(record), settlement: JSON.stringify(record?.settlement), game_number, deal_index };
    });
    return { results: await Promise.all(games) };
  };
  const pending = (table: CreatedTable) => tableStub(table.tableId).pendingHistory();

  it('a finished game waits in the outbox while D1 refuses it, and arrives when D1 takes it again', async () => {
    const record = handMade('04-bettel-lost-early');
    const table = await createTable(tableFor(record));
    await eventually(async () => ((await pending(table)) === 0 ? true : undefined), 'the table row to reach D1');
    await playActions(table, record.actions.slice(0, -1), 0);

    // D1 refuses this table's games for real: a trigger aborts their inserts. (Renaming the
    // games table would fail them too, but also every other test file's, which share D1.)
    const trigger = `history_down_${table.tableId}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON games WHEN NEW.table_id = '${table.tableId}' BEGIN SELECT RAISE(ABORT, 'history is down (test)'); END`,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const last = record.actions[record.actions.length - 1]!;
      const final = await act(table.tableId, table.seats[last.seat]!.token, last.action);
      expect(final.phase).toBe('finished'); // the game ends although D1 refuses it

      const stub = tableStub(table.tableId);
      const attempts = () =>
        runInDurableObject(stub, (_i, state) =>
          state.storage.sql
            .exec<{ attempts: number }>('SELECT attempts FROM outbox')
            .toArray()
            .map((r) => r.attempts),
        );
      await eventually(async () => ((await attempts())[0] === 1 ? true : undefined), 'the first failed write');
      expect(await pending(table)).toBe(1);
      // The first retry is due 2.5 to 5 s after the failure (jitter), from the alarm.
      const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
      expect(alarm).not.toBeNull();
      expect(alarm! - Date.now()).toBeGreaterThan(1_500);
      expect(alarm! - Date.now()).toBeLessThanOrEqual(5_100);

      // …/games still has the game, from the table itself.
      const fromTable = await games(table.tableId, table.seats[0]!.token);
      expect(fromTable.map((g) => g.actions)).toEqual([record.actions]);
      expect((await d1Game(table.tableId)).results).toEqual([]);

      // Time cannot be moved on in workerd: make the row due, then run the real alarm.
      const makeDue = () => runInDurableObject(stub, (_i, state) => void state.storage.sql.exec('UPDATE outbox SET next_attempt_at = 0'));
      // A retry while D1 still refuses: kept, and the next retry backs off (5 to 10 s).
      await makeDue();
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(await attempts()).toEqual([2]);
      const backoff = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
      expect(backoff! - Date.now()).toBeGreaterThan(4_000);
      expect(backoff! - Date.now()).toBeLessThanOrEqual(10_100);
      // The logs name the failure, never the payload (a game's cards) that drizzle puts into its error.
      const logged = warn.mock.calls.flat().join(' ');
      expect(logged).toMatch(/history is down \(test\)/);
      expect(logged).not.toMatch(/"hands"|params:/);
      const lastError = await runInDurableObject(
        stub,
        (_i, state) => state.storage.sql.exec<{ last_error: string }>('SELECT last_error FROM outbox').one().last_error,
      );
      expect(lastError).toMatch(/history is down \(test\)/);
      expect(lastError).not.toMatch(/"hands"|params:/);

      await env.DB.exec(`DROP TRIGGER ${trigger}`);
      await makeDue();
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(await pending(table)).toBe(0);
      // Nothing waits but retention: the alarm rings when the table has been idle for RETENTION_DAYS.
      const idle = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
      expect(idle! - Date.now()).toBeGreaterThan(179 * 86_400_000);

      const { results } = await d1Game(table.tableId);
      expect(results).toHaveLength(1);
      expect(results[0]!.game_number).toBe(1);
      expect(results[0]!.deal_index).toBe(0);
      expect(JSON.parse(results[0]!.settlement as string)).toEqual(record.settlement);
      expect(JSON.parse(results[0]!.record as string)).toEqual(fromTable[0]);
      expect(await games(table.tableId, table.spectator.token)).toEqual(fromTable);
    } finally {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
  });

  it('answers …/games from the table itself while D1 cannot be read', async () => {
    const record = handMade('13-bettel-no-win-duty');
    const table = await createTable(tableFor(record));
    await playActions(table, record.actions, 0);
    await eventually(async () => ((await pending(table)) === 0 ? true : undefined), 'the outbox to empty');
    const fromD1 = await games(table.tableId, table.seats[0]!.token);
    expect(fromD1).toHaveLength(1);

    // Only this table's instance loses D1: every query it makes throws, as when D1 is unreachable.
    const unreachable = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('D1_ERROR: unreachable (test)');
        },
      },
    ) as D1Database;
    const stub = tableStub(table.tableId);
    await runInDurableObject(stub, (instance: TableObject) => {
      (instance as unknown as { parts: { history: History } }).parts.history = new History(unreachable, env.RECORDS);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await games(table.tableId, table.spectator.token)).toEqual(fromD1);
    expect(warn.mock.calls.flat().join(' ')).toMatch(/reading the history failed.*unreachable \(test\)/);
    await evictDurableObject(stub);
  });

  it('a finished game reaches D1 by itself', async () => {
    const record = handMade('08-mord-lost-early-kontra');
    const table = await createTable(tableFor(record));
    await playActions(table, record.actions, 0);
    await eventually(async () => ((await pending(table)) === 0 ? true : undefined), 'the outbox to empty');
    const { results } = await d1Game(table.tableId);
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0]!.record as string)).toEqual((await games(table.tableId, table.seats[0]!.token))[0]);
  });

  it('D1 holds the table and its seats by name, and never a token, a token hash or an address', async () => {
    const names = ['Vroni', 'Sepp', 'Bertl'];
    const emails = ['vroni@example.com', 'sepp@example.com', 'bertl@example.com'];
    const record = handMade('03-bettel-won');
    const table = await createTable(tableFor(record, { name: 'Stammtisch', seats: names.map((name, seat) => ({ name, email: emails[seat] })) }));
    await playActions(table, record.actions, 0);
    await eventually(async () => ((await pending(table)) === 0 ? true : undefined), 'the outbox to empty');

    const row = await env.DB.prepare('SELECT * FROM tables WHERE id = ?').bind(table.tableId).first<Record<string, string>>();
    expect(row).toMatchObject({ id: table.tableId, name: 'Stammtisch' });
    expect(JSON.parse(row!.options!)).toEqual({ ...record.options, firstDealer: record.dealer, games: 1 });
    const seats = await env.DB.prepare('SELECT seat, name, bot FROM seats WHERE table_id = ? ORDER BY seat').bind(table.tableId).all();
    expect(seats.results).toEqual(names.map((name, seat) => ({ seat, name, bot: 0 })));
    // A bot seat is marked (its moves are its own: a table with one is not played from the log above).
    const withBot = await createTable({ seats: [{}, {}, { bot: 'easy' }] });
    await eventually(async () => ((await pending(withBot)) === 0 ? true : undefined), 'the outbox to empty');
    const botSeats = await env.DB.prepare('SELECT seat, bot FROM seats WHERE table_id = ? ORDER BY seat').bind(withBot.tableId).all();
    expect(botSeats.results).toEqual([0, 1, 2].map((seat) => ({ seat, bot: seat === 2 ? 1 : 0 })));

    const secrets = everyToken(table);
    const hashes = await Promise.all(secrets.map(hashToken));
    const { results: d1Tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    expect(d1Tables.map((t) => t.name)).toEqual(expect.arrayContaining(['tables', 'seats', 'games']));
    let scanned = '';
    for (const { name } of d1Tables) scanned += JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results);
    expect(scanned).toContain(table.tableId);
    expect(scanned).toContain('Bertl');
    for (const secret of [...secrets, ...hashes, ...emails]) expect(scanned).not.toContain(secret);

    // The table's own storage keeps the hashes, never a token.
    const stored = await runInDurableObject(tableStub(table.tableId), (_i, state) => {
      const names = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
        .toArray();
      return names.map(({ name }) => JSON.stringify(state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray())).join('');
    });
    for (const hash of hashes) expect(stored).toContain(hash);
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });
});

describe('seats', () => {
  it('each token acts as its own seat only', async () => {
    const table = await createTable(tableFor(GAME));
    for (const seat of [2, 0, 1] as Seat[]) {
      const answer = await act(table.tableId, table.seats[seat]!.token, { type: 'double', double: false });
      expect(answer.seat).toBe(seat);
      expect(answer.seats[seat]!.decided).toBe(true);
    }
  });
});

describe('unknown tables', () => {
  it('a request for an unknown table id is refused and leaves no storage behind', async () => {
    const tableId = 'abcdefghijkmnpqr';
    const someToken = 'A'.repeat(43);
    await expectError(request(`/api/tables/${tableId}`, { headers: { authorization: `Bearer ${someToken}` } }), 404, 'not_found');
    await expectError(postAction(tableId, someToken, { type: 'pass' }), 404, 'not_found');
    const tables = await runInDurableObject(tableStub(tableId), (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'").toArray(),
    );
    expect(tables).toEqual([]);
  });

  it("every call of the table's object, for a table never made or deleted: 404 (or the documented answer), never a throw, and no storage made", async () => {
    const tableId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b % 32]).join('');
    const neverMade = tableId();
    const deleted = tableId();
    // What a table deleted after RETENTION_DAYS leaves (TableStorage.markRetired).
    await runInDurableObject(tableStub(deleted), (_i, state) => {
      state.storage.sql.exec('CREATE TABLE retired (at TEXT NOT NULL)');
      state.storage.sql.exec('INSERT INTO retired (at) VALUES (?)', new Date().toISOString());
    });
    const hash = await hashToken('A'.repeat(43));
    const next = { hash: await hashToken('B'.repeat(43)), nonce: 'n' };
    const notFound = { ok: false, status: 404, code: 'not_found', message: expect.stringMatching(/^(no such table|this table was deleted on )/) };
    /** Each RPC method with what it must answer; one it lacks fails the test below (a method added later must be tried here). */
    const calls: Record<string, [(stub: ReturnType<typeof tableStub>) => Promise<unknown>, unknown]> = {
      view: [(t) => t.view(hash), notFound],
      summary: [(t) => t.summary(hash), notFound],
      act: [(t) => t.act(hash, { action: { type: 'pass' } }), notFound],
      games: [(t) => t.games(hash, { limit: 10 }), notFound],
      setNotifications: [(t) => t.setNotifications(hash, { email: 'nobody@example.com' }, 'whsec_x'), notFound],
      notificationsOf: [(t) => t.notificationsOf(hash), notFound],
      deliveries: [(t) => t.deliveries(hash), notFound],
      vacation: [(t) => t.vacation(hash, 24), notFound],
      setPreferences: [(t) => t.setPreferences(hash, true), notFound],
      postChat: [(t) => t.postChat(hash, 'Servus'), notFound],
      readChat: [(t) => t.readChat(hash, null), notFound],
      adminCommand: [(t) => t.adminCommand(hash, { type: 'pause' }), notFound],
      adminView: [(t) => t.adminView(hash), notFound],
      rotateLink: [(t) => t.rotateLink(hash, 0, next), notFound],
      adminOrigin: [(t) => t.adminOrigin(hash), notFound],
      linkKind: [(t) => t.linkKind(hash), notFound],
      deadLetters: [(t) => t.deadLetters(), notFound],
      replayDeadLetters: [(t) => t.replayDeadLetters(), notFound],
      storageMeter: [(t) => t.storageMeter(), notFound],
      // What the embed pages answer for any id: the default (an id's existence does not show).
      embedPolicy: [(t) => t.embedPolicy(), { frameOrigins: [], spectatorEmbeds: true }],
      // Told by the mail pages and the address's object, which expect nothing back from a table that is not there.
      addressConfirmed: [(t) => t.addressConfirmed('0'.repeat(64)), undefined],
      mailDigest: [(t) => t.mailDigest({ addressKey: '0'.repeat(64), subject: 's', text: 't', unsubscribe: 'https://x.example/u' }), 'not_here'],
      replyCheck: [(t) => t.replyCheck('r'.repeat(24), 'nobody@example.com'), 'unknown'],
      replyByMail: [
        (t) =>
          t.replyByMail({
            id: 'r'.repeat(24),
            from: 'nobody@example.com',
            move: { ok: false, error: { code: 'bad_request', message: 'none' } },
            line: null,
          }),
        'unknown',
      ],
      pendingHistory: [(t) => t.pendingHistory(), 0],
      // A socket asked for: the 404 of GET …/ws.
      fetch: [
        async (t) => {
          const res = await t.fetch('https://table/ws', { headers: { upgrade: 'websocket', 'x-token-hash': hash } });
          return { status: res.status, body: await res.json() };
        },
        { status: 404, body: { error: { code: 'not_found', message: expect.stringMatching(/^(no such table|this table was deleted on )/) } } },
      ],
      alarm: [async (t) => runInDurableObject(t, (instance: TableObject) => instance.alarm()), undefined],
    };
    const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(await runInDurableObject(tableStub(neverMade), (instance) => instance)));
    // Not callable for an unknown table: making it, and the sockets' events (there is no socket).
    const untried = ['constructor', 'create', 'sendEmail', 'webSocketMessage', 'webSocketClose'];
    expect(methods.filter((m) => !untried.includes(m)).sort()).toEqual(Object.keys(calls).sort());
    for (const id of [neverMade, deleted]) {
      for (const [method, [call, answer]] of Object.entries(calls)) {
        await expect(call(tableStub(id)), `${method} of ${id === deleted ? 'a deleted table' : 'a table never made'}`).resolves.toEqual(answer);
      }
    }
    const stored = (id: string) =>
      runInDurableObject(tableStub(id), (_i, state) =>
        state.storage.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'")
          .toArray()
          .map((r) => r.name),
      );
    expect(await stored(neverMade)).toEqual([]);
    expect(await stored(deleted)).toEqual(['retired']);
    expect(await runInDurableObject(tableStub(neverMade), (_i, state) => state.storage.getAlarm())).toBeNull();
  });
});
