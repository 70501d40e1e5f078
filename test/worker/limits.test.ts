/**
 * The per-client and per-link limits of reading, watching and setting notifications
 * (wrangler.toml [[ratelimits]], worker/routes/chain.ts): READ_LIMITER on GET …/{id} and
 * …/games, SOCKET_LIMITER on GET …/ws before anything reaches the table, NOTIFY_LIMITER on
 * PUT …/notifications; each answers 429 rate_limited with Retry-After once spent, and a
 * client is an IPv4 address or an IPv6 /64 (worker/routes/client-key.ts). The limits are read from
 * wrangler.toml, so these tests follow its numbers. (Actions and table creation:
 * refusals.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { PERIOD_SECONDS } from '../../worker/routes/chain.js';
import { createTable, expectError, request, type CreatedTable } from './support.js';

/** Each [[ratelimits]] of wrangler.toml: name → its limit and period. */
const LIMITS = new Map(
  [...wranglerToml.matchAll(/\[\[ratelimits\]\]\s*name\s*=\s*"(\w+)"[^[]*?simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)\s*\}/g)].map(
    ([, name, limit, period]) => [name!, { limit: Number(limit), period: Number(period) }] as const,
  ),
);

function limitOf(name: keyof typeof PERIOD_SECONDS): { limit: number; period: number } {
  const found = LIMITS.get(name);
  if (found === undefined) throw new Error(`wrangler.toml has no [[ratelimits]] ${name}`);
  return found;
}

/** A client address no other test uses: IPv4 (kept as it is), or an IPv6 address in a /64 of its own. */
const newIPv4 = () => `10.${[0, 1, 2].map(() => Math.floor(Math.random() * 256)).join('.')}`;
const newPrefix = () => `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const readView = (table: CreatedTable, ip: string) =>
  request(`/api/tables/${table.tableId}`, { headers: { ...bearer(table.spectator.token), 'cf-connecting-ip': ip } });
const readGames = (table: CreatedTable, ip: string) =>
  request(`/api/tables/${table.tableId}/games`, { headers: { ...bearer(table.spectator.token), 'cf-connecting-ip': ip } });
const upgrade = (tableId: string, token: string, ip: string) =>
  request(`/api/tables/${tableId}/ws`, { headers: { upgrade: 'websocket', ...bearer(token), 'cf-connecting-ip': ip } });
const setNotifications = (table: CreatedTable, seat: number, body: unknown) =>
  request(`/api/tables/${table.tableId}/notifications`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...bearer(table.seats[seat]!.token), 'cf-connecting-ip': newIPv4() },
    body: JSON.stringify(body),
  });

/** The rate limiter's window (aligned to the clock, as the local runtime counts). */
const windowOf = (period: number, at = Date.now()) => Math.floor(at / (period * 1000));

/**
 * Sends until the first 429 and answers how many were accepted before it. When all of them
 * fell in one window of the limiter that is exactly the limit; a run that crossed into the
 * next window may get up to twice the limit through.
 */
async function acceptedUntilRefused(
  send: () => Promise<Response>,
  { limit, period }: { limit: number; period: number },
  accepted: (res: Response) => void,
): Promise<{ count: number; refusal: Response }> {
  const startWindow = windowOf(period);
  for (let count = 0; count <= 2 * limit; count++) {
    const res = await send();
    if (res.status === 429) {
      if (windowOf(period) === startWindow) expect(count).toBe(limit);
      else expect(count).toBeGreaterThanOrEqual(limit);
      return { count, refusal: res };
    }
    accepted(res);
  }
  throw new Error(`no 429 after ${2 * limit + 1} requests`);
}

/** Waits for the start of the limiter's next window unless the current one has most of it left. */
async function freshWindow(period: number): Promise<void> {
  const into = Date.now() % (period * 1000);
  if (into > 1_000) await new Promise((resolve) => setTimeout(resolve, period * 1000 - into + 100));
}

async function expectRateLimited(res: Response, retryAfter: number): Promise<void> {
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
  await expectError(res, 429, 'rate_limited');
}

describe('the limits in wrangler.toml', () => {
  it('are set for every limiter, with the periods routes/chain.ts answers in Retry-After (10 or 60 s)', () => {
    for (const [name, period] of Object.entries(PERIOD_SECONDS)) {
      expect(limitOf(name as keyof typeof PERIOD_SECONDS).period, name).toBe(period);
    }
    expect([...LIMITS.keys()].sort()).toEqual(Object.keys(PERIOD_SECONDS).sort());
  });

  it('leave room for the web app and bots: a page reads its view on load and its socket reconnects with backoff', () => {
    expect(limitOf('READ_LIMITER')).toEqual({ limit: 120, period: 10 });
    expect(limitOf('SOCKET_LIMITER')).toEqual({ limit: 120, period: 60 }); // many may share an address: a club watching an embedded table
    expect(limitOf('NOTIFY_LIMITER')).toEqual({ limit: 10, period: 60 });
  });
});

describe('READ_LIMITER', () => {
  it(
    'GET …/{id} and …/games share one budget per client, then 429 with Retry-After; other clients are not affected',
    { timeout: 60_000 },
    async () => {
      const table = await createTable();
      const read = limitOf('READ_LIMITER');
      const ip = newIPv4();
      let sent = 0;
      // Views and games in turn: one budget for both.
      const { refusal } = await acceptedUntilRefused(
        () => (sent++ % 2 === 0 ? readView(table, ip) : readGames(table, ip)),
        read,
        (res) => expect(res.status).toBe(200),
      );
      await expectRateLimited(refusal, 10);
      await expectRateLimited(await readGames(table, ip), 10);
      await expectRateLimited(await readView(table, ip), 10);
      expect((await readView(table, newIPv4())).status).toBe(200);
      expect((await readGames(table, `${newPrefix()}::1`)).status).toBe(200);
    },
  );

  it('two IPv6 clients in one /64 share a budget; another /64 has its own', { timeout: 60_000 }, async () => {
    const table = await createTable();
    const read = limitOf('READ_LIMITER');
    const prefix = newPrefix();
    await freshWindow(read.period);
    for (let i = 0; i < read.limit; i++) expect((await readView(table, `${prefix}::${(i % 50) + 1}`)).status, `read ${i + 1}`).toBe(200);
    await expectRateLimited(await readView(table, `${prefix}:ffff:ffff:ffff:ffff`), 10);
    await expectRateLimited(await readGames(table, `${prefix.toUpperCase()}:0:0:0:abcd`), 10);
    const [a, b, c, d] = prefix.split(':').map((g) => parseInt(g, 16)) as [number, number, number, number];
    const nextPrefix = [a, b, c, (d + 1) & 0xffff].map((g) => g.toString(16)).join(':');
    expect((await readView(table, `${nextPrefix}::1`)).status).toBe(200);
  });
});

describe('SOCKET_LIMITER', () => {
  it(
    'GET …/ws: per client, checked before the upgrade reaches the table, then 429 with Retry-After; other clients are not affected',
    { timeout: 120_000 },
    async () => {
      const table = await createTable();
      const ip = `${newPrefix()}::7`;
      const sockets: WebSocket[] = [];
      try {
        const { refusal } = await acceptedUntilRefused(
          () => upgrade(table.tableId, table.seats[sockets.length % 3]!.token, ip),
          limitOf('SOCKET_LIMITER'),
          (res) => {
            expect(res.status).toBe(101);
            res.webSocket!.accept();
            sockets.push(res.webSocket!);
          },
        );
        await expectRateLimited(refusal, 60);
        // Refused before the table is asked: a token of no table's, or no table at all, gets 429 too.
        await expectRateLimited(await upgrade(table.tableId, 'A'.repeat(43), ip), 60);
        await expectRateLimited(await upgrade('zzzzzzzzzzzzzzzz', table.seats[0]!.token, ip), 60);
        // Another client opens its socket.
        const other = await upgrade(table.tableId, table.seats[0]!.token, newIPv4());
        expect(other.status).toBe(101);
        other.webSocket!.accept();
        sockets.push(other.webSocket!);
      } finally {
        for (const ws of sockets) ws.close(1000, 'done');
      }
    },
  );
});

describe('NOTIFY_LIMITER', () => {
  it(
    'PUT …/notifications: per seat link, whatever address it comes from, then 429 with Retry-After; another seat is not affected; refused URLs do not count',
    { timeout: 120_000 },
    async () => {
      const table = await createTable();
      let n = 0;
      const { refusal } = await acceptedUntilRefused(
        () => setNotifications(table, 0, { webhookUrl: `https://hooks.example.com/limits/${n++}` }),
        limitOf('NOTIFY_LIMITER'),
        (res) => expect(res.status).toBe(200),
      );
      await expectRateLimited(refusal, 60);
      await expectRateLimited(await setNotifications(table, 0, { email: null }), 60);
      // What never reaches the table is not counted: a refused URL is refused as such.
      expect(await expectError(setNotifications(table, 0, { webhookUrl: 'https://10.0.0.1/x' }), 400, 'bad_request')).toMatch(
        /^webhookUrl: 10\.0\.0\.0\/8/,
      );
      expect((await setNotifications(table, 1, { webhookUrl: 'https://hooks.example.com/limits/other' })).status).toBe(200);
    },
  );
});
