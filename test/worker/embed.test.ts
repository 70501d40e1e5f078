/**
 * Embedding (API.md "Embedding"): the Worker's frame-ancestors per table and per path, the
 * admin's frameOrigins and spectatorEmbeds, and oEmbed.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { command, createAdminTable, postAdmin } from './admin-support.js';
import { expectError, ORIGIN, randomIp, request, tableStub, type CreatedTable } from './support.js';

/**
 * The frame-ancestors sources of a page's Content-Security-Policy; fails on a second policy (a comma), which would be enforced too,
 * and unless X-Frame-Options (for browsers without CSP) says DENY exactly where the policy says 'none'.
 */
async function frameAncestors(path: string): Promise<string> {
  const res = await request(path, { headers: { 'cf-connecting-ip': randomIp() } });
  await res.arrayBuffer();
  const policy = res.headers.get('content-security-policy') ?? '';
  expect(policy, `${path}: one policy`).not.toContain(',');
  const directive = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d.startsWith('frame-ancestors '));
  expect(directive, `${path}: ${policy}`).toHaveLength(1);
  const sources = directive[0]!.slice('frame-ancestors '.length);
  expect(res.headers.get('x-frame-options'), `${path}: X-Frame-Options with frame-ancestors ${sources}`).toBe(sources === "'none'" ? 'DENY' : null);
  return sources;
}

const options = (table: CreatedTable, body: Record<string, unknown>) => command(table, { type: 'options', ...body });

/** A well-formed table id (16 of a–z, 2–9) that no table was made with. */
const neverMade = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b % 32]).join('');

/** The tables in the SQLite storage of table `tableId`'s object: none for a table never made. */
const storedTables = (tableId: string) =>
  runInDurableObject(tableStub(tableId), (_i, state) =>
    state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'").toArray(),
  );

describe('frame-ancestors of the embed pages', () => {
  it("seat path: 'none' by default, the listed origins once set; spectator path: * unless spectatorEmbeds is false", async () => {
    const table = await createAdminTable();
    const { tableId } = table;
    expect(await frameAncestors(`/embed/${tableId}/seat`)).toBe("'none'");
    expect(await frameAncestors(`/embed/${tableId}`)).toBe('*');
    expect(await frameAncestors(`/embed/${tableId}/`)).toBe('*');
    const admin = await options(table, { frameOrigins: ['https://club.example', 'https://forum.example:8443'] });
    expect(admin.frameOrigins).toEqual(['https://club.example', 'https://forum.example:8443']);
    expect(await frameAncestors(`/embed/${tableId}/seat`)).toBe('https://club.example https://forum.example:8443');
    expect(await frameAncestors(`/embed/${tableId}`), 'seat origins do not narrow the spectator embed').toBe('*');
    await options(table, { spectatorEmbeds: false });
    expect(await frameAncestors(`/embed/${tableId}`)).toBe("'none'");
    expect(await frameAncestors(`/embed/${tableId}/seat`), 'the seat origins stay').toBe('https://club.example https://forum.example:8443');
    // Kept in the table's storage, not in the object's memory.
    await evictDurableObject(tableStub(tableId));
    expect(await frameAncestors(`/embed/${tableId}`)).toBe("'none'");
    expect(await frameAncestors(`/embed/${tableId}/seat`)).toBe('https://club.example https://forum.example:8443');
    await options(table, { frameOrigins: [], spectatorEmbeds: true });
    expect(await frameAncestors(`/embed/${tableId}/seat`)).toBe("'none'");
    expect(await frameAncestors(`/embed/${tableId}`)).toBe('*');
  });

  it('an unknown table answers as a table with default settings (its existence does not show); other paths are never framable', async () => {
    const table = await createAdminTable();
    const unknown = neverMade();
    for (const id of [unknown, 'not-a-table-id']) {
      expect(await frameAncestors(`/embed/${id}`)).toBe('*');
      expect(await frameAncestors(`/embed/${id}/seat`)).toBe("'none'");
    }
    // The page itself, as for any table (it asks the API, which answers 404); nothing is stored for the id.
    for (const path of [`/embed/${unknown}`, `/embed/${unknown}/seat`]) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      await res.arrayBuffer();
    }
    expect(await storedTables(unknown)).toEqual([]);
    for (const path of [`/embed/${table.tableId}/seat/more`, `/embed/${table.tableId}/other`, '/api/health', `/oembed?url=x`]) {
      expect(await frameAncestors(path), path).toBe("'none'");
    }
    // Only the path decides: the policy keeps the rest of the page's (scripts and connections from this origin only).
    const res = await request(`/embed/${table.tableId}`);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self'; .*connect-src 'self'/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});

describe("the admin's frameOrigins and spectatorEmbeds", () => {
  it('normalises origins and drops repeats; shows both in the admin view', async () => {
    const table = await createAdminTable();
    const fresh = await command(table, { type: 'options', chat: true });
    expect(fresh).toMatchObject({ frameOrigins: [], spectatorEmbeds: true });
    const admin = await options(table, { frameOrigins: ['HTTPS://Club.Example:443/', 'https://club.example', 'https://xn--mnchen-3ya.example'] });
    expect(admin.frameOrigins).toEqual(['https://club.example', 'https://xn--mnchen-3ya.example']);
    // Loopback over http only because the tests run with ALLOW_LOCAL_WEBHOOKS=on (as local development does).
    expect((await options(table, { frameOrigins: ['http://127.0.0.1:5173', 'http://localhost:8080'] })).frameOrigins).toEqual([
      'http://127.0.0.1:5173',
      'http://localhost:8080',
    ]);
    const read = await request(`/api/tables/${table.tableId}/admin`, {
      headers: { authorization: `Bearer ${table.admin.token}`, 'cf-connecting-ip': randomIp() },
    });
    expect(await read.json()).toMatchObject({ frameOrigins: ['http://127.0.0.1:5173', 'http://localhost:8080'], spectatorEmbeds: true });
  });

  it('refuses 11 origins, paths, wildcards, other schemes, http off loopback, and a non-boolean spectatorEmbeds', async () => {
    const table = await createAdminTable();
    const eleven = Array.from({ length: 11 }, (_, i) => `https://site${i}.example`);
    const ten = eleven.slice(0, 10);
    expect((await options(table, { frameOrigins: ten })).frameOrigins).toHaveLength(10);
    const refused: unknown[] = [
      eleven,
      ['https://club.example/forum'],
      ['https://club.example/?x=1'],
      ['https://club.example#top'],
      ['https://*.example'],
      ['*'],
      ["'self'"],
      ['https://a.example https://b.example'],
      ['https://a.example;script-src'],
      ['http://club.example'],
      ['ftp://club.example'],
      ['data:text/html,x'],
      ['https://user:pw@club.example'],
      ['club.example'],
      [''],
      'https://club.example',
      [42],
    ];
    for (const frameOrigins of refused) {
      await expectError(postAdmin(table.tableId, table.admin.token, { type: 'options', frameOrigins }), 400, 'bad_request');
    }
    await expectError(postAdmin(table.tableId, table.admin.token, { type: 'options', spectatorEmbeds: 'no' }), 400, 'bad_request');
    expect((await options(table, { chat: false })).frameOrigins, 'refusals changed nothing').toEqual(ten);
    // A seat's token cannot change it.
    await expectError(postAdmin(table.tableId, table.seats[0]!.token, { type: 'options', frameOrigins: [] }), 403, 'forbidden');
  });
});

interface OEmbed {
  version: string;
  type: string;
  provider_name: string;
  title: string;
  html: string;
  width: number;
  height: number;
}

const oembed = (url: string, extra = '') =>
  request(`/oembed?url=${encodeURIComponent(url)}${extra}`, { headers: { 'cf-connecting-ip': randomIp() } });

describe('oEmbed', () => {
  it("answers a rich iframe of the spectator's embed page for a spectator link", async () => {
    const table = await createAdminTable({ name: 'Club "<Stammtisch>"' });
    const res = await oembed(table.spectator.url, '&format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as OEmbed;
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Wallachen online',
      width: 480,
      height: 480,
      title: 'Club "<Stammtisch>"',
    });
    expect(body.html).toBe(
      `<iframe src="${ORIGIN}/embed/${table.tableId}#${table.spectator.token}" width="480" height="480" title="Club &quot;&lt;Stammtisch&gt;&quot;" ` +
        'style="border:0;max-width:100%" loading="lazy" referrerpolicy="no-referrer"></iframe>',
    );
    // The embed page's own link works as well.
    expect((await oembed(`${ORIGIN}/embed/${table.tableId}#${table.spectator.token}`)).status).toBe(200);
  });

  it('respects maxwidth and maxheight (oEmbed 2.2): the frame fits them, in the answer and in its iframe; below the compact table, 320×320, 501', async () => {
    const table = await createAdminTable();
    const sized = async (extra: string) => {
      const res = await oembed(table.spectator.url, extra);
      expect(res.status, extra).toBe(200);
      const body = (await res.json()) as OEmbed;
      expect(body.html, extra).toContain(`width="${body.width}" height="${body.height}"`);
      return [body.width, body.height];
    };
    expect(await sized('&maxwidth=400&maxheight=360')).toEqual([400, 360]);
    expect(await sized('&maxwidth=320&maxheight=320')).toEqual([320, 320]);
    expect(await sized('&maxwidth=1000')).toEqual([480, 480]); // never larger than the table's frame
    expect(await sized('&maxheight=330')).toEqual([480, 330]);
    for (const extra of ['&maxwidth=200&maxheight=200', '&maxwidth=319', '&maxheight=100', '&maxwidth=200&maxheight=400']) {
      expect(await expectError(oembed(table.spectator.url, extra), 501, 'not_implemented'), extra).toMatch(/at least 320×320/);
    }
  });

  it("refuses a seat's link (400) and the admin's, an unknown link (404), xml (501), and a table that does not allow embedding (401)", async () => {
    const table = await createAdminTable();
    expect(await expectError(oembed(table.seats[1]!.url), 400, 'bad_request')).toMatch(/seat's link must not be pasted into other sites/);
    await expectError(oembed(table.admin.url), 400, 'bad_request');
    const otherTable = await createAdminTable();
    await expectError(oembed(`${ORIGIN}/t/${table.tableId}#${otherTable.spectator.token}`), 404, 'not_found');
    await expectError(oembed(`${ORIGIN}/t/${table.tableId}`), 404, 'not_found');
    await expectError(oembed(`https://elsewhere.example/t/${table.tableId}#${table.spectator.token}`), 404, 'not_found');
    await expectError(oembed('no link'), 404, 'not_found');
    // A fragment that is no percent-encoding (a "%" cut short) is no token: not a 500.
    await expectError(oembed(`${ORIGIN}/t/${table.tableId}#%E0%A4%A`), 404, 'not_found');
    await expectError(oembed(table.spectator.url, '&format=xml'), 501, 'not_implemented');
    await options(table, { spectatorEmbeds: false });
    await expectError(oembed(table.spectator.url), 401, 'unauthorized');
    const missing = await request('/oembed', { headers: { 'cf-connecting-ip': randomIp() } });
    expect(missing.status).toBe(400);
  });

  it('a well-formed link of a table that was never made: 404 in the error shape, whichever page it names, and no storage for it', async () => {
    const tableId = neverMade();
    const token = (await createAdminTable()).spectator.token; // a real token, of another table
    for (const path of [`/t/${tableId}`, `/embed/${tableId}`, `/embed/${tableId}/seat`, `/admin/${tableId}`]) {
      for (const extra of ['', '&format=json']) {
        expect(await expectError(oembed(`${ORIGIN}${path}#${token}`, extra), 404, 'not_found'), path).toBe('no such table, or not one of its links');
      }
    }
    expect(await storedTables(tableId)).toEqual([]);
  });

  it('is counted on the read limit per client', async () => {
    const table = await createAdminTable();
    const ip = randomIp();
    let status = 200;
    // READ_LIMITER takes 120 per 10 s, in windows aligned to the clock: a run that crosses into
    // the next window gets up to twice that through before its 429 (as limits.test.ts counts).
    for (let i = 0; i < 2 * 120 + 1 && status === 200; i++) {
      const res = await request(`/oembed?url=${encodeURIComponent(table.spectator.url)}`, { headers: { 'cf-connecting-ip': ip } });
      await res.arrayBuffer();
      status = res.status;
    }
    expect(status).toBe(429);
  });
});
