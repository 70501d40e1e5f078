/**
 * Every refusal of API.md, with its status, its code and the error shape
 * {"error": {"code", "message"}}; notifications; the secret links; and a small fuzz that
 * no input makes the server answer 5xx.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { seededRng, type Rng } from '../../shared/bots.js';
import { CARD_CODES } from '../../shared/cards.js';
import { app, MAX_BODY_BYTES } from '../../worker/app.js';
import { isAllowedWebhookUrl } from '../../worker/notifications/webhook-urls.js';
import {
  act,
  createTable,
  expectError,
  handMade,
  ORIGIN,
  playActions,
  postAction,
  postJson,
  putNotifications,
  randomIp,
  request,
  tableFor,
  view,
  type CreatedTable,
} from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const createWith = (body: unknown, headers: Record<string, string> = {}) =>
  postJson('/api/tables', body, { 'cf-connecting-ip': randomIp(), ...headers });
const createRaw = (body: BodyInit, headers: Record<string, string>) =>
  request('/api/tables', { method: 'POST', headers: { 'cf-connecting-ip': randomIp(), ...headers }, body });

/** A table dealt GAME, and the routes that need a token, as functions of the token. */
async function tableAndRoutes() {
  const table = await createTable(tableFor(GAME));
  const id = table.tableId;
  const routes: Record<string, (headers: Record<string, string>) => Promise<Response>> = {
    'GET view': (headers) => request(`/api/tables/${id}`, { headers }),
    'POST actions': (headers) =>
      request(`/api/tables/${id}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{"type":"double","double":false}',
      }),
    'GET ws': (headers) => request(`/api/tables/${id}/ws`, { headers: { upgrade: 'websocket', ...headers } }),
    'GET games': (headers) => request(`/api/tables/${id}/games`, { headers }),
    'PUT notifications': (headers) =>
      request(`/api/tables/${id}/notifications`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: '{}' }),
  };
  return { table, routes };
}

const DUPLICATE_DEAL = { hands: [GAME.deal.hands[0], GAME.deal.hands[0], GAME.deal.hands[2]], stock: GAME.deal.stock };

describe('400 bad_request', () => {
  it('refuses a malformed JSON body', async () => {
    const table = await createTable();
    await expectError(createRaw('{"name": ', { 'content-type': 'application/json' }), 400, 'bad_request');
    await expectError(
      request(`/api/tables/${table.tableId}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(table.seats[0]!.token) },
        body: '{type: pass}',
      }),
      400,
      'bad_request',
    );
    await expectError(
      request(`/api/tables/${table.tableId}/notifications`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(table.seats[0]!.token) },
        body: '[',
      }),
      400,
      'bad_request',
    );
  });

  it.each([
    ['a name that is no string', { name: 5 }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    // Names stand beside our words ("{name} to play"): nothing in one may turn those around, hide or break a line.
    ['a table name with a right-to-left override', { name: 'Stammtisch \u202eyalp ot' }, 'name: bidi'],
    ['a table name with an isolate', { name: 'Stamm\u2067tisch' }, 'name: bidi'],
    ['a seat name with a right-to-left override', { seats: [{ name: 'Sepp\u202e' }, {}, {}] }, 'seats.0.name: bidi'],
    ['a seat name with a right-to-left mark', { seats: [{}, { name: 'Vroni\u200f' }, {}] }, 'seats.1.name: bidi'],
    ['a seat name with a NUL', { seats: [{}, {}, { name: 'Xa\u0000ver' }] }, 'seats.2.name: one line'],
    ['a seat name with a C1 control', { seats: [{ name: 'Xa\u009bver' }, {}, {}] }, 'seats.0.name: one line'],
    ['a table name with a line break', { name: 'Stamm\ntisch' }, 'name: one line'],
    ['a table name with a line separator', { name: 'Stamm\u2028tisch' }, 'name: one line'],
    ['a seat name with a zero-width space', { seats: [{ name: 'Se\u200bpp' }, {}, {}] }, 'seats.0.name: invisible'],
    ['a seat name with a zero-width joiner', { seats: [{ name: 'Se\u200dpp' }, {}, {}] }, 'seats.0.name: invisible'],
    ['a seat name with a word joiner', { seats: [{ name: 'Se\u2060pp' }, {}, {}] }, 'seats.0.name: invisible'],
    ['a table name with a byte-order mark inside', { name: 'Stamm\ufefftisch' }, 'name: invisible'],
    ['a seat name with a soft hyphen', { seats: [{ name: 'Se\u00adpp' }, {}, {}] }, 'seats.0.name: invisible'],
    ['a seat name with half a character', { seats: [{ name: 'Sepp\ud800' }, {}, {}] }, 'seats.0.name: contains half a character'],
    // A name must show something: the Hangul fillers, the braille blank, the Khmer inherent vowels and marks alone look blank.
    ['a table name of Hangul fillers (U+3164)', { name: '\u3164\u3164\u3164' }, 'name: shows nothing'],
    ['a seat name of the choseong filler (U+115F)', { seats: [{ name: '\u115f' }, {}, {}] }, 'seats.0.name: shows nothing'],
    ['a seat name of the jungseong filler (U+1160)', { seats: [{}, { name: '\u1160' }, {}] }, 'seats.1.name: shows nothing'],
    ['a seat name of the halfwidth Hangul filler (U+FFA0)', { seats: [{}, {}, { name: '\uffa0\uffa0' }] }, 'seats.2.name: shows nothing'],
    ['a table name of braille blanks (U+2800), trimmed as spaces are', { name: '\u2800\u2800\u2800' }, 'name: Too small'],
    ['a seat name of a Khmer inherent vowel (U+17B4)', { seats: [{ name: '\u17b4' }, {}, {}] }, 'seats.0.name: shows nothing'],
    ['a seat name of a Khmer inherent vowel (U+17B5)', { seats: [{ name: '\u17b5\u17b5' }, {}, {}] }, 'seats.0.name: shows nothing'],
    ['a seat name of blanks of every kind', { seats: [{ name: ' \u3164\u2800\u00a0\u115f\u3000\u1160 ' }, {}, {}] }, 'seats.0.name: shows nothing'],
    ['a table name of combining marks alone', { name: '\u0301\u0302\u0303' }, 'name: shows nothing'],
    // Fillers among letters make a name look like another ("Sepp"), as zero-width characters do.
    ['a seat name with a Hangul filler after it', { seats: [{ name: 'Sepp\u3164' }, {}, {}] }, 'seats.0.name: invisible'],
    ['a seat name with a Hangul filler inside', { seats: [{ name: 'Se\u115fpp' }, {}, {}] }, 'seats.0.name: invisible'],
    ['a table name with a Khmer inherent vowel inside', { name: 'Stamm\u17b5tisch' }, 'name: invisible'],
    // Combining marks: at most 3 in a row on one character, none first.
    [
      'a seat name with 20 acute accents on its last letter',
      { seats: [{ name: `Sepp${'\u0301'.repeat(20)}` }, {}, {}] },
      'seats.0.name: at most 3 combining marks',
    ],
    ['a table name with 4 marks on one letter', { name: 'Stamm\u0301\u0302\u0303\u0304tisch' }, 'name: at most 3 combining marks'],
    [
      'a seat name with marks above and below (zalgo)',
      { seats: [{}, { name: 'V\u0315\u0316\u0317\u0318\u0319roni' }, {}] },
      'seats.1.name: at most 3 combining marks',
    ],
    ['a seat name that begins with a combining mark', { seats: [{ name: '\u0301Sepp' }, {}, {}] }, 'seats.0.name: begins with a combining mark'],
    ['two seats', { seats: [{}, {}] }, 'seats'],
    ['a bad seat email', { seats: [{ email: 'not an address' }, {}, {}] }, 'seats.0.email'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['an unknown seat field', { seats: [{ token: 'x' }, {}, {}] }, 'token'],
    ['an unknown option', { options: { jokers: true } }, 'jokers'],
    ['games 0', { options: { games: 0 } }, 'options.games'],
    ['games 100', { options: { games: 100 } }, 'options.games'],
    ['a fractional stake', { options: { stakePerTrick: 1.5 } }, 'options.stakePerTrick'],
    ['firstDealer 3', { options: { firstDealer: 3 } }, 'options.firstDealer'],
    ['allPass "maybe"', { options: { allPass: 'maybe' } }, 'options.allPass'],
    ['doubling "yes"', { options: { doubling: 'yes' } }, 'options.doubling'],
    ['moveDeadlineHours 0', { options: { moveDeadlineHours: 0 } }, 'options.moveDeadlineHours'],
    ['options that are a list', { options: [] }, 'options'],
    [
      'a deal with a short hand',
      { deals: [{ hands: [GAME.deal.hands[0].slice(0, 9), GAME.deal.hands[1], GAME.deal.hands[2]], stock: GAME.deal.stock }] },
      'deals.0.hands.0',
    ],
    ['a deal without a stock', { deals: [{ hands: GAME.deal.hands }] }, 'deals.0.stock'],
    ['a deal with a card dealt twice', { deals: [GAME.deal, DUPLICATE_DEAL] }, 'deals[1]: R2.2'],
    ['a deal with no card', { deals: [{ hands: GAME.deal.hands, stock: ['XX', GAME.deal.stock[1]] }] }, 'R2.2: "XX"'],
  ])('POST /api/tables refuses %s, naming it', async (_what, body, named) => {
    const message = await expectError(createWith(body), 400, 'bad_request');
    expect(message).toContain(named);
  });

  // The Worker validates with zod's mini build, which has no messages of its own: English ones are loaded (worker/schemas/common.ts).
  it.each([
    [{ seats: [{}, {}] }, 'seats: Too small: expected array to have >=3 items'],
    [{ options: { games: 0 } }, 'options.games: Too small: expected number to be >=1'],
    [{ options: { stakePerTrick: 1.5 } }, 'options.stakePerTrick: Invalid input: expected int, received number'],
    [{ options: { allPass: 'maybe' } }, 'options.allPass: Invalid option: expected one of "forced"|"pot"'],
    [{ name: 5 }, 'name: Invalid input: expected string, received number'],
    [{ seats: [{ email: 'not an address' }, {}, {}] }, 'seats.0.email: Invalid email address'],
    [{ colour: 'red' }, 'body: Unrecognized key: "colour"'],
  ])('POST /api/tables says what is wrong with the field: %j', async (body, message) => {
    expect(await expectError(createWith(body), 400, 'bad_request')).toBe(message);
  });

  it('POST /api/tables takes names in any script, with accents and emoji, trimmed', async () => {
    const names = ['שרה', 'Zoë 🃏', '李雷'];
    const answer = await createWith({ name: '  Stammtisch אבג 7  ', seats: names.map((name) => ({ name })) });
    expect(answer.status).toBe(201);
    const { tableId, seats } = (await answer.json()) as CreatedTable;
    const seen = await view(tableId, seats[0]!.token);
    expect(seen.name).toBe('Stammtisch אבג 7');
    expect(seen.seats.map((s) => s.name)).toEqual(names);
  });

  it('POST /api/tables takes names that stack marks as their scripts do (up to 3 in a row), and trims braille blanks as it trims spaces', async () => {
    const created = async (body: { name: string; seats: string[] }) => {
      const answer = await createWith({ name: body.name, seats: body.seats.map((name) => ({ name })) });
      expect(answer.status, JSON.stringify(body)).toBe(201);
      const { tableId, seats } = (await answer.json()) as CreatedTable;
      const seen = await view(tableId, seats[0]!.token);
      return [seen.name, ...seen.seats.map((s) => s.name)];
    };
    // Vietnamese precomposed and decomposed (e, U+0302, U+0303: two marks on one letter); Devanagari with vowel signs and a nasal sign.
    const vietnamese = { name: 'Bàn của Nguyễn', seats: ['Nguyễn', 'Nguyễn'.normalize('NFD'), 'श्रीनिवास सिंह'] };
    expect(await created(vietnamese)).toEqual([vietnamese.name, ...vietnamese.seats]);
    // Pointed Hebrew (shin with dagesh, qamats and sin dot: three marks), a keycap emoji and a nukta (two), three accents on one letter;
    // braille blanks at either end go as spaces do, inside they stay.
    expect(await created({ name: '\u2800 Stammtisch \u2800⠎⠑⠏⠏ \u2800', seats: ['יִשָּׂשכָר', '\u2800#️⃣ ज़ैनब\u2800', 'Se\u0301\u0302\u0303pp'] })).toEqual([
      'Stammtisch \u2800⠎⠑⠏⠏',
      'יִשָּׂשכָר',
      '#️⃣ ज़ैनब',
      'Se\u0301\u0302\u0303pp',
    ]);
  });

  it.each([
    ['a body that is no object', []],
    ['no type', { bid: '6' }],
    ['an unknown type', { type: 'fold' }],
    ['a missing field', { type: 'bid' }],
    ['an unknown field', { type: 'pass', loudly: true }],
    ['a bid of 11', { type: 'bid', bid: '11' }],
    ['a card that does not exist', { type: 'play', card: 'H11' }],
    ['one card to discard', { type: 'discard', cards: ['EA'] }],
    ['a negative version', { type: 'pass', version: -1 }],
    ['a version as text', { type: 'pass', version: '1' }],
    ['an empty id', { type: 'pass', id: '' }],
    ['an id of 101 characters', { type: 'pass', id: 'x'.repeat(101) }],
    ['knock as text', { type: 'play', card: 'EA', knock: 'yes' }],
  ])('POST …/actions refuses %s', async (_what, body) => {
    const table = await createTable(tableFor(GAME));
    await expectError(postAction(table.tableId, table.seats[0]!.token, body), 400, 'bad_request');
    expect((await view(table.tableId, table.seats[0]!.token)).version).toBe(0);
  });

  it('POST …/actions refuses discarding one card twice (R6.1)', async () => {
    const table = await createTable(tableFor(GAME));
    const discardAt = GAME.actions.findIndex((a) => a.action.type === 'discard');
    await playActions(table, GAME.actions.slice(0, discardAt), 0);
    const message = await expectError(postAction(table.tableId, table.seats[1]!.token, { type: 'discard', cards: ['E7', 'E7'] }), 400, 'bad_request');
    expect(message).toMatch(/R6\.1: the 2 cards must differ/);
  });

  it('PUT …/notifications refuses invalid fields', async () => {
    const table = await createTable();
    const token = table.seats[0]!.token;
    for (const body of [{ email: 'nobody' }, { webhookUrl: 'not a url' }, { pager: '123' }, { email: 5 }, []]) {
      await expectError(putNotifications(table.tableId, token, body), 400, 'bad_request');
    }
  });

  it('refuses deals when the server runs without TEST_DEALS=on', async () => {
    const production = { ...env, TEST_DEALS: undefined };
    expect(production.TABLES).toBe(env.TABLES);
    const init = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() },
      body: JSON.stringify(body),
    });
    const message = await expectError(app.request('/api/tables', init({ deals: [GAME.deal] }), production), 400, 'bad_request');
    expect(message).toContain('TEST_DEALS');
    // Without deals the same server creates tables; with the variable on, deals are taken.
    expect((await app.request('/api/tables', init({}), production)).status).toBe(201);
    expect((await app.request('/api/tables', init({ deals: [GAME.deal] }), { ...env, TEST_DEALS: 'on' })).status).toBe(201);
  });
});

describe('503 not_configured', () => {
  it('creating a table needs TOKEN_SECRET, except at a loopback address (local development), where a fixed key stands in', async () => {
    const init = () => ({ method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() }, body: '{}' });
    const unset = { ...env, TOKEN_SECRET: undefined as unknown as string };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const secret of [undefined, '', 'too-short']) {
      const message = await expectError(
        app.request('https://wallachen.example/api/tables', init(), { ...unset, TOKEN_SECRET: secret as string }),
        503,
        'not_configured',
      );
      expect(message).toContain('TOKEN_SECRET');
    }
    // npm start: http://localhost:8787 (or 127.0.0.1, [::1]) works with no secret set.
    for (const origin of ['http://localhost:8787', 'http://127.0.0.1:8787', 'http://[::1]:8787']) {
      const res = await app.request(`${origin}/api/tables`, init(), unset);
      expect(res.status, origin).toBe(201);
      const created = (await res.json()) as CreatedTable;
      expect(created.seats[0]!.url).toBe(`${origin}/t/${created.tableId}#${created.seats[0]!.token}`);
      expect((await view(created.tableId, created.seats[2]!.token)).seat).toBe(2);
    }
    // A name that merely starts like one is no loopback address.
    await expectError(app.request('http://localhost.wallachen.example/api/tables', init(), unset), 503, 'not_configured');
    expect(logged.mock.calls.flat().join('\n')).toMatch(/creating a table refused: the server has no TOKEN_SECRET/);
    logged.mockRestore();
  });
});

describe('401, 403, 404', () => {
  it('401 unauthorized without a token or with a malformed one, on every route that needs one', async () => {
    const { table, routes } = await tableAndRoutes();
    const token = table.seats[0]!.token;
    const malformed: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: token },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}!` },
    ];
    for (const [name, route] of Object.entries(routes)) {
      for (const headers of malformed) {
        await expectError(route(headers), 401, 'unauthorized').catch((error: Error) => {
          throw new Error(`${name} ${JSON.stringify(headers)}: ${error.message}`);
        });
      }
    }
    // The WebSocket way of a browser carries a malformed token just as badly.
    await expectError(
      request(`/api/tables/${table.tableId}/ws`, { headers: { upgrade: 'websocket', 'sec-websocket-protocol': 'wallachen, bearer.nope' } }),
      401,
      'unauthorized',
    );
  });

  it('403 forbidden for the token of another table, on every route', async () => {
    const { routes } = await tableAndRoutes();
    const other = await createTable();
    for (const token of [...other.seats.map((s) => s.token), other.spectator.token]) {
      for (const [name, route] of Object.entries(routes)) {
        await expectError(route(bearer(token)), 403, 'forbidden').catch((error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        });
      }
    }
    // A well-formed token that belongs to no table at all.
    await expectError(routes['GET view']!(bearer('A'.repeat(43))), 403, 'forbidden');
  });

  it('403 forbidden when the spectator acts or sets notifications', async () => {
    const table = await createTable(tableFor(GAME));
    await expectError(postAction(table.tableId, table.spectator.token, { type: 'double', double: false }), 403, 'forbidden');
    await expectError(putNotifications(table.tableId, table.spectator.token, { email: 'watcher@example.com' }), 403, 'forbidden');
    expect((await view(table.tableId, table.spectator.token)).version).toBe(0);
  });

  it('404 not_found for an unknown table, whatever its id looks like, and for an unknown route', async () => {
    const table = await createTable();
    const token = table.seats[0]!.token;
    for (const id of ['abcdefghijkmnpqr', 'no-such-table', 'ABCDEFGHIJKMNPQR', table.tableId + 'x']) {
      await expectError(request(`/api/tables/${id}`, { headers: bearer(token) }), 404, 'not_found');
      await expectError(postAction(id, token, { type: 'pass' }), 404, 'not_found');
      await expectError(request(`/api/tables/${id}/games`, { headers: bearer(token) }), 404, 'not_found');
      await expectError(putNotifications(id, token, {}), 404, 'not_found');
      await expectError(request(`/api/tables/${id}/ws`, { headers: { upgrade: 'websocket', ...bearer(token) } }), 404, 'not_found');
    }
    await expectError(request('/api/nothing-here'), 404, 'not_found');
    await expectError(request(`/api/tables/${table.tableId}/players`, { headers: bearer(token) }), 404, 'not_found');
    await expectError(request(`/api/tables/${table.tableId}`, { method: 'DELETE', headers: bearer(token) }), 404, 'not_found');
  });
});

describe('409, 413, 415, 422, 426', () => {
  it('409 stale_version', async () => {
    const table = await createTable(tableFor(GAME));
    await expectError(postAction(table.tableId, table.seats[0]!.token, { type: 'double', double: false, version: 1 }), 409, 'stale_version');
  });

  it('409 id_reused: an id this seat used for another action is refused, nothing applied; the same action in another form is the same action', async () => {
    const record = handMade('02-raised-contract-kontra-re');
    const table = await createTable(tableFor(record));
    const declarer = record.declarer!;
    const token = table.seats[declarer]!.token;
    const discardAt = record.actions.findIndex((a) => a.action.type === 'discard');
    await playActions(table, record.actions.slice(0, discardAt), 0);
    const discard = record.actions[discardAt]!.action as { type: 'discard'; cards: readonly [string, string] };

    const first = await postAction(table.tableId, token, { ...discard, id: 'put-away' });
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const version = discardAt + 1;
    expect((JSON.parse(firstText) as { version: number }).version).toBe(version);
    // The same two cards in the other order are the same discard: answered as the first time.
    const swapped = await postAction(table.tableId, token, { type: 'discard', cards: [discard.cards[1], discard.cards[0]], id: 'put-away' });
    expect(swapped.status).toBe(200);
    expect(await swapped.text()).toBe(firstText);
    // Another discard, another action type (even one the rules would refuse now): id_reused, nothing applied.
    const held = (await view(table.tableId, token)).hand!.find((card) => !discard.cards.includes(card))!;
    for (const other of [{ type: 'discard', cards: [discard.cards[0], held] }, { type: 'declare', contract: record.contract }, { type: 'pass' }]) {
      const message = await expectError(postAction(table.tableId, token, { ...other, id: 'put-away' }), 409, 'id_reused');
      expect(message).toBe('the action id "put-away" was already used by this seat for a different action; send a new action with a new id');
      expect((await view(table.tableId, token)).version).toBe(version);
    }
    // A body that is no action at all is refused as such (400) before its id is looked at.
    await expectError(postAction(table.tableId, token, { type: 'discard', cards: [held, held], id: 'put-away' }), 400, 'bad_request');
    expect((await view(table.tableId, token)).discards).toEqual(expect.arrayContaining([...discard.cards]));

    // Re: {"re": true} is the canonical {"type": "re"}; no re under the same id is another action.
    const reAt = record.actions.findIndex((a) => a.action.type === 're');
    await playActions(table, record.actions.slice(discardAt + 1, reAt), version);
    const re = await postAction(table.tableId, token, { type: 're', re: true, id: 're-1', version: reAt });
    const reText = await re.text();
    expect(re.status, reText).toBe(200);
    const again = await postAction(table.tableId, token, { type: 're', id: 're-1' });
    expect(await again.text()).toBe(reText);
    await expectError(postAction(table.tableId, token, { type: 're', re: false, id: 're-1' }), 409, 'id_reused');
    const after = await view(table.tableId, token);
    expect([after.version, after.re, after.multiplier]).toEqual([reAt + 1, true, 4]);
    // The same id with the same action but a stale version: still the first answer (the id decides first).
    expect(await (await postAction(table.tableId, token, { type: 're', id: 're-1', version: 0 })).text()).toBe(reText);
  });

  it('413 payload_too_large for a body over 64 KB, with or without a length', async () => {
    const table = await createTable();
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const headers = { 'content-type': 'application/json', ...bearer(table.seats[0]!.token) };
    await expectError(createRaw(big, { 'content-type': 'application/json' }), 413, 'payload_too_large');
    await expectError(request(`/api/tables/${table.tableId}/actions`, { method: 'POST', headers, body: big }), 413, 'payload_too_large');
    await expectError(request(`/api/tables/${table.tableId}/notifications`, { method: 'PUT', headers, body: big }), 413, 'payload_too_large');
    let chunks = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (chunks++ < 5) controller.enqueue(new TextEncoder().encode(' '.repeat(16 * 1024)));
        else controller.close();
      },
    });
    await expectError(request(`/api/tables/${table.tableId}/actions`, { method: 'POST', headers, body: stream }), 413, 'payload_too_large');
  });

  it('415 for a body that is not JSON', async () => {
    const table = await createTable();
    const token = table.seats[0]!.token;
    await expectError(createRaw('{}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    await expectError(createRaw('{}', {}), 415, 'unsupported_media_type'); // a string body is sent as text/plain
    await expectError(
      request(`/api/tables/${table.tableId}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
        body: 'type=pass',
      }),
      415,
      'unsupported_media_type',
    );
    await expectError(
      request(`/api/tables/${table.tableId}/notifications`, {
        method: 'PUT',
        headers: { 'content-type': 'text/html', ...bearer(token) },
        body: '{}',
      }),
      415,
      'unsupported_media_type',
    );
    // JSON with a structured suffix is JSON.
    expect((await createRaw('{}', { 'content-type': 'application/vnd.wallachen+json; charset=utf-8' })).status).toBe(201);
  });

  it('422 illegal_action naming the rule, and 422 not_your_turn', async () => {
    const table = await createTable(tableFor(GAME));
    const [seat0, , seat2] = table.seats.map((s) => s.token) as [string, string, string];
    expect(await expectError(postAction(table.tableId, seat0, { type: 'bid', bid: '6' }), 422, 'illegal_action')).toMatch(/^R3\.1: /);
    // GAME, trick 1: 1:HA 2:E8, and seat 0 holds H9 and H7 but tries G10.
    const firstPlay = GAME.actions.findIndex((a) => a.action.type === 'play');
    await playActions(table, GAME.actions.slice(0, firstPlay + 2), 0);
    expect(await expectError(postAction(table.tableId, seat0, { type: 'play', card: 'G10' }), 422, 'illegal_action')).toMatch(/^R7\.3: /);
    expect(await expectError(postAction(table.tableId, seat2, { type: 'play', card: 'EA' }), 422, 'not_your_turn')).toMatch(/^R7/);
    expect(await expectError(postAction(table.tableId, seat0, { type: 'play', card: 'EA' }), 422, 'illegal_action')).toMatch(/^R7/); // not in its hand
    expect((await act(table.tableId, seat0, { type: 'play', card: 'H7' })).version).toBe(firstPlay + 3);
  });

  it('426 upgrade_required for …/ws without "Upgrade: websocket"', async () => {
    const table = await createTable();
    const token = table.seats[0]!.token;
    await expectError(request(`/api/tables/${table.tableId}/ws`, { headers: bearer(token) }), 426, 'upgrade_required');
    await expectError(request(`/api/tables/${table.tableId}/ws`, { headers: { upgrade: 'h2c', ...bearer(token) } }), 426, 'upgrade_required');
  });
});

describe('429 rate_limited', () => {
  // Miniflare counts in windows aligned to the clock (10 s or 60 s) per key, like Workers
  // rate limiting; a run may cross a window's end once, so up to twice the limit may pass.
  async function firstRefusal(send: () => Promise<Response>, limit: number): Promise<{ index: number; res: Response }> {
    for (let index = 0; index < 2 * limit + 1; index++) {
      const res = await send();
      if (res.status === 429) return { index, res };
      await res.body?.cancel();
    }
    throw new Error(`no 429 after ${2 * limit + 1} requests`);
  }

  it('actions: 120 per 10 s per token, then 429; other tokens are not affected', async () => {
    const table = await createTable(tableFor(GAME));
    // "pass" is refused by the rules in the doubling window (422), but still counts.
    const { index, res } = await firstRefusal(() => postAction(table.tableId, table.seats[0]!.token, { type: 'pass' }), 120);
    expect(index).toBeGreaterThanOrEqual(120);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await expectError(res, 429, 'rate_limited');
    expect((await postAction(table.tableId, table.seats[1]!.token, { type: 'double', double: false })).status).toBe(200);
  });

  it('tables: 20 per minute per client address, then 429; other addresses are not affected', async () => {
    const ip = randomIp();
    const { index, res } = await firstRefusal(() => postJson('/api/tables', {}, { 'cf-connecting-ip': ip }), 20);
    expect(index).toBeGreaterThanOrEqual(20);
    await expectError(res, 429, 'rate_limited');
    expect((await createWith({})).status).toBe(201);
  });
});

describe('notifications', () => {
  it('takes an email and a webhook; the webhook secret stays while a webhook is set; null removes', async () => {
    const table = await createTable({ seats: [{ email: 'vroni@example.com' }, {}, {}] });
    const [vroni, sepp] = [table.seats[0]!.token, table.seats[1]!.token];
    const read = async (token: string, body: unknown) => {
      const res = await putNotifications(table.tableId, token, body);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return JSON.parse(text) as { email: string | null; webhookUrl: string | null; webhookSecret?: string };
    };
    expect(await read(vroni, {})).toEqual({
      email: 'vroni@example.com',
      webhookUrl: null,
      webhookState: null,
      emailState: 'unconfirmed',
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    }); // from the seat's email
    expect(await read(sepp, { email: 'sepp@example.com' })).toEqual({
      email: 'sepp@example.com',
      webhookUrl: null,
      webhookState: null,
      emailState: 'unconfirmed',
      confirmation: 'sent', // this table's confirmation mail went to it (mail.test.ts)
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    });

    const set = await read(vroni, { webhookUrl: 'https://bots.example.com/wallachen' });
    expect(set).toMatchObject({ email: 'vroni@example.com', webhookUrl: 'https://bots.example.com/wallachen' });
    expect(set.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{24,}$/);
    expect(await read(vroni, { email: null })).toEqual({
      email: null,
      webhookUrl: 'https://bots.example.com/wallachen',
      webhookSecret: set.webhookSecret,
      webhookState: 'active',
      emailState: null,
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    });
    expect(await read(vroni, { webhookUrl: 'https://other.example.org/hook' })).toEqual({
      email: null,
      webhookUrl: 'https://other.example.org/hook',
      webhookSecret: set.webhookSecret,
      webhookState: 'active',
      emailState: null,
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    });
    expect(await read(vroni, {})).toEqual({
      email: null,
      webhookUrl: 'https://other.example.org/hook',
      webhookSecret: set.webhookSecret,
      webhookState: 'active',
      emailState: null,
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    });
    expect(await read(vroni, { webhookUrl: null })).toEqual({
      email: null,
      webhookUrl: null,
      webhookState: null,
      emailState: null,
      mail: 'turn',
      lang: null,
      push: { devices: 0 },
    });

    // Another seat's webhook has its own secret.
    const seppHook = await read(sepp, { webhookUrl: 'https://bots.example.com/wallachen' });
    expect(seppHook.webhookSecret).toMatch(/^whsec_/);
    expect(seppHook.webhookSecret).not.toBe(set.webhookSecret);
  });

  it('refuses non-https and private webhook URLs; ALLOW_LOCAL_WEBHOOKS=on (tests) also allows loopback http', async () => {
    const table = await createTable();
    const token = table.seats[2]!.token;
    for (const url of ['http://127.0.0.1:8787/hook', 'http://localhost:9000/x', 'http://[::1]:3000/', 'https://hooks.example.com/x']) {
      expect((await putNotifications(table.tableId, token, { webhookUrl: url })).status, url).toBe(200);
    }
    for (const url of [
      'http://10.0.0.7/hook',
      'https://192.168.1.2/x',
      'http://169.254.169.254/latest/meta-data',
      'ftp://files.example.com/x',
      'https://user:pw@hooks.example.com/x',
      'https://[fd00::1]/x',
    ]) {
      expect(await expectError(putNotifications(table.tableId, token, { webhookUrl: url }), 400, 'bad_request'), url).toContain('webhookUrl');
    }
  });

  it('in production (isAllowedWebhookUrl(url, false)) only public https addresses pass', () => {
    for (const url of ['https://hooks.example.com/wallachen', 'https://bots.example.org:443/x?y=1', 'https://172.32.0.1/x', 'https://8.8.8.8/x']) {
      expect(isAllowedWebhookUrl(url, false), url).toBe(true);
    }
    for (const url of [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://localhost./x',
      'https://app.localhost/x',
      'https://printer.local./x',
      'https://intranet./x',
      'https://printer.local/x',
      'https://db.internal/x',
      'https://intranet/x',
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://172.31.255.255/x',
      'https://192.168.0.1/x',
      'https://169.254.169.254/x',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fe80::1]/x',
      'https://user:secret@hooks.example.com/x',
      'wss://hooks.example.com/x',
      'https://bots.example.org:8443/x', // port 443 only (webhook-urls.test.ts has the whole table)
      'not a url',
      '',
    ]) {
      expect(isAllowedWebhookUrl(url, false), url).toBe(false);
    }
  });
});

describe('links and headers', () => {
  it('gives every seat and the spectator its own long token, carried in the link only in the fragment', async () => {
    const table: CreatedTable = await createTable();
    expect(table.tableId).toMatch(/^[a-z2-9]{16}$/);
    const links = [...table.seats, table.spectator];
    expect(table.seats.map((s) => s.seat)).toEqual([0, 1, 2]);
    expect(new Set(links.map((l) => l.token)).size).toBe(4);
    for (const { token, url } of links) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits of base64url
      const link = new URL(url);
      expect(link.origin).toBe(ORIGIN);
      expect(link.pathname).toBe(`/t/${table.tableId}`);
      expect(link.search).toBe('');
      expect(link.hash).toBe(`#${token}`);
      expect(url.slice(0, url.indexOf('#'))).not.toContain(token);
    }
  });

  it('sends Referrer-Policy: no-referrer on answers and refusals alike', async () => {
    const table = await createTable();
    const answers = [
      await createWith({}),
      await request(`/api/tables/${table.tableId}`, { headers: bearer(table.seats[0]!.token) }),
      await request(`/api/tables/${table.tableId}`),
      await createWith({ colour: 'red' }),
      await request('/api/nothing-here'),
      await request('/api/health'),
      await request('/api/openapi.json'),
      await request('/api/docs'),
      await request(`/api/tables/${table.tableId}/ws`, { headers: bearer(table.seats[0]!.token) }),
      // Answered by the table's Durable Object, passed on by the Worker.
      await request(`/api/tables/${table.tableId}/ws`, { headers: { upgrade: 'websocket', ...bearer('A'.repeat(43)) } }),
    ];
    for (const res of answers) {
      expect(res.headers.get('referrer-policy'), `${res.status} ${res.url}`).toBe('no-referrer');
      await res.body?.cancel();
    }
  });
});

describe('no input makes the server fail', () => {
  const WORDS = [
    'type',
    'bid',
    'card',
    'cards',
    'contract',
    'double',
    'knock',
    'id',
    'version',
    'options',
    'seats',
    'deals',
    'name',
    'email',
    'bot',
    'webhookUrl',
    'hands',
    'stock',
    'games',
    'firstDealer',
    'allPass',
    'potStake',
    'moveDeadlineHours',
    '__proto__',
    'constructor',
    'toString',
    '',
  ];
  const STRINGS = [
    '',
    'pass',
    'bid',
    'play',
    'discard',
    'declare',
    'double',
    'kontra',
    're',
    'hold',
    '6',
    '10',
    'bettel',
    'mord',
    'pot',
    'forced',
    'all',
    'https://example.com/x',
    'a@b.c',
    '\u0000',
    '\ud800',
    '💥'.repeat(50),
    'x'.repeat(5000),
  ];

  function value(rng: Rng, depth: number): unknown {
    switch (rng(depth > 3 ? 6 : 9)) {
      case 0:
        return null;
      case 1:
        return rng(2) === 0;
      case 2:
        return [0, -1, 1, 2, 3, 0.5, 1e308, -1e308, 2 ** 53, 99, 100, 720][rng(12)];
      case 3:
        return STRINGS[rng(STRINGS.length)];
      case 4:
        return CARD_CODES[rng(CARD_CODES.length)];
      case 5:
        return WORDS[rng(WORDS.length)];
      case 6:
        return Array.from({ length: rng(12) }, () => value(rng, depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: rng(6) }, () => [WORDS[rng(WORDS.length)]!, value(rng, depth + 1)]));
    }
  }

  function body(rng: Rng): string {
    const json = JSON.stringify(value(rng, 0)) ?? 'null';
    switch (rng(6)) {
      case 0:
        return json.slice(0, rng(json.length + 1)); // cut short
      case 1:
        return json.replace(/[{[]/, '{"type":"play","card":"EA",'); // glued together
      default:
        return json;
    }
  }

  it('never answers 5xx to random bodies, tokens and headers on any route', async () => {
    const rng = seededRng(4242);
    const table = await createTable(tableFor(GAME));
    const tokens = [...table.seats.map((s) => s.token), table.spectator.token, 'A'.repeat(43), 'short', ''];
    const types = ['application/json', 'application/json; charset=utf-8', 'text/plain', '', 'application/problem+json', 'multipart/form-data'];
    const paths = [
      `/api/tables/${table.tableId}`,
      '/api/tables/abcdefghijkmnpqr',
      '/api/tables/%00',
      '/api/tables/..%2f..',
      '/api/tables/' + 'z'.repeat(300),
    ];
    const failures: string[] = [];
    const send = async (what: string, res: Promise<Response>) => {
      const answer = await res;
      const text = await answer.text();
      if (answer.status >= 500) failures.push(`${what} → ${answer.status} ${text}`);
      else if (answer.status >= 400 && answer.status !== 426) {
        const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
        if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string')
          failures.push(`${what} → ${answer.status} without the error shape: ${text}`);
      }
    };
    const requests: Promise<void>[] = [];
    for (let i = 0; i < 300; i++) {
      const text = body(rng);
      const token = tokens[rng(tokens.length)]!;
      const headers: Record<string, string> = { 'cf-connecting-ip': randomIp() };
      const type = types[rng(types.length)]!;
      if (type !== '') headers['content-type'] = type;
      if (rng(4) !== 0) headers.authorization = `Bearer ${token}`;
      const base = rng(3) === 0 ? paths[rng(paths.length)]! : paths[0]!;
      const route = [
        ['POST', '/api/tables'],
        ['POST', `${base}/actions`],
        ['PUT', `${base}/notifications`],
        ['GET', base],
        ['GET', `${base}/games`],
        ['GET', `${base}/ws`],
        ['PATCH', base],
        ['OPTIONS', `${base}/actions`],
      ][rng(8)]!;
      const [method, path] = route as [string, string];
      const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      if (method === 'GET' && rng(2) === 0) headers.upgrade = 'websocket';
      const what = `${method} ${path} ${JSON.stringify(headers)} ${hasBody ? text.slice(0, 200) : ''}`;
      requests.push(send(what, request(path, { method, headers, body: hasBody ? text : undefined })));
      if (requests.length >= 25) await Promise.all(requests.splice(0));
    }
    await Promise.all(requests);
    expect(failures).toEqual([]);
  });
});
