/**
 * A host site embeds tables with /embed.js (API.md "Embedding"): a site on another origin
 * (a port of its own) that the table's admin listed plays a seat inside the frame, and hears
 * wallachen:ready, wallachen:turn and wallachen:resize; a site not listed gets an empty
 * frame for the seat (the browser refuses it: frame-ancestors), while the spectator's embed
 * renders there. The frame is as high as its content.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  type CreatedTable,
  createTable,
  expectNoProblems,
  frameRefusals,
  playThroughApi,
  readView,
  SHOWN_WITHIN_MS,
  shuffledDeal,
  useChromium,
} from './support.js';

const base = inject('baseUrl');

interface HostMessage {
  type: string;
  version: number;
  tableId: string;
  height?: number;
  [key: string]: unknown;
}

/** A site of its own origin whose page includes /embed.js once and records the frames' messages (window.__messages) and DOM events. */
async function hostSite(divs: string): Promise<{ url: string; origin: string; close: () => void }> {
  const site: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><head><title>Stammtisch news</title>
<script>
  window.__messages = [];
  window.__events = [];
  addEventListener('message', (e) => { if (e.origin === ${JSON.stringify(base)}) window.__messages.push(e.data); });
  addEventListener('wallachen', (e) => window.__events.push(e.detail.type));
</script></head>
<body style="margin:0"><div style="width:360px">${divs}</div>
<script src="${base}/embed.js" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  return { url: `${origin}/`, origin, close: () => site.close() };
}

/** POST …/admin options with the admin token (setup). */
async function setEmbedding(table: CreatedTable, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${base}/api/tables/${table.tableId}/admin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${table.admin.token}`, 'content-type': 'application/json', 'cf-connecting-ip': '2001:db8:e:1::1' },
    body: JSON.stringify({ type: 'options', ...body }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** A table in play, one card in the trick (fixed deal). */
async function tableInPlay(name: string): Promise<CreatedTable> {
  const table = await createTable(base, { name, options: { games: 1, doubling: false }, deals: [shuffledDeal(21)] });
  await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
  return table;
}

const messagesOf = (page: Page): Promise<HostMessage[]> => page.evaluate(() => (globalThis as unknown as { __messages: HostMessage[] }).__messages);

describe('a host site with /embed.js', () => {
  const chromium = useChromium();

  it('embeds a seat on a listed origin: a move made in the frame reaches the server; the host hears ready, turn and resize, never a card', async () => {
    const table = await tableInPlay('host plays');
    const before = await readView(base, table.tableId, table.spectator.token);
    const seat = before.turn!;
    const seatLink = table.seats[seat]!;
    // The plain table link, no data-wallachen-seat: the embed page finds out it is a seat's and moves to /embed/{id}/seat.
    const site = await hostSite(`<div id="seat" data-wallachen="${seatLink.url}" data-wallachen-lang="en" data-wallachen-theme="light"></div>`);
    await setEmbedding(table, { frameOrigins: [site.origin] });
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      const frame = page.frameLocator('#seat iframe');
      await frame.locator(`[data-table][data-embed][data-seat="${seat}"][data-connection="live"]`).waitFor({ timeout: 10_000 });
      expect(
        page
          .frames()
          .find((f) => f !== page.mainFrame())!
          .url(),
      ).toMatch(new RegExp(`/embed/${table.tableId}/seat\\?lang=en&theme=light#`));
      await expect
        .poll(async () => (await messagesOf(page)).map((m) => m.type), { timeout: SHOWN_WITHIN_MS })
        .toEqual(expect.arrayContaining(['wallachen:ready', 'wallachen:turn', 'wallachen:resize']));

      // The move, made inside the frame, as a person would: the first legal card of the hand.
      const seatView = await readView(base, table.tableId, seatLink.token);
      const play = seatView.legalActions.find((a) => a.type === 'play') as { type: 'play'; card: string };
      await frame.locator(`[data-hand] [data-card="${play.card}"]`).click();
      await expect
        .poll(async () => (await readView(base, table.tableId, table.spectator.token)).version, {
          timeout: SHOWN_WITHIN_MS,
          message: 'the server took the move',
        })
        .toBe(before.version + 1);
      const after = await readView(base, table.tableId, table.spectator.token);
      expect(after.trick.map((p) => p.card)).toContain(play.card);

      const messages = await messagesOf(page);
      for (const message of messages) {
        expect(message, JSON.stringify(message)).toMatchObject({ version: 1, tableId: table.tableId });
        // Never a card: no card code of the seat's hand in any message.
        for (const card of seatView.hand!) expect(JSON.stringify(message)).not.toContain(`"${card}"`);
      }
      expect(messages.find((m) => m.type === 'wallachen:ready')).toMatchObject({ seat });
      // The frame is as high as its content: the last resize's height is the iframe's, and nothing scrolls inside it.
      // The frame may still be resizing (a late font or view), so "the last" is read afresh with the iframe's height.
      const heights = async () => ({
        lastResize: (await messagesOf(page)).filter((m) => m.type === 'wallachen:resize').at(-1)!.height!,
        iframe: await page.locator('#seat iframe').evaluate((f) => f.getBoundingClientRect().height),
      });
      await expect
        .poll(async () => {
          const { lastResize, iframe } = await heights();
          return iframe === lastResize;
        })
        .toBe(true);
      expect((await heights()).lastResize).toBeGreaterThan(100);
      const inside = await frame.locator('html').evaluate((root) => ({ scroll: root.scrollHeight, client: root.clientHeight }));
      expect(inside.scroll, 'no scrollbar inside the frame').toBeLessThanOrEqual(inside.client);
      // The host changes the theme: embed.js sends wallachen:theme, which the frame takes from its host's origin.
      expect(await frame.locator('html').getAttribute('data-theme')).toBe('light');
      await page.locator('#seat').evaluate((div) => div.setAttribute('data-wallachen-theme', 'dark'));
      await expect.poll(() => frame.locator('html').getAttribute('data-theme')).toBe('dark');
      // The same messages come as a DOM event on the div.
      expect(await page.evaluate(() => (globalThis as unknown as { __events: string[] }).__events)).toContain('wallachen:turn');
      expectNoProblems([page]);
    } finally {
      site.close();
    }
  });

  it("an origin not listed: the seat's frame stays empty (frame-ancestors) while the spectator's embed renders beside it", async () => {
    const table = await tableInPlay('host not listed');
    const site = await hostSite(
      `<div id="seat" data-wallachen="${table.seats[0]!.url}" data-wallachen-seat></div><div id="watch" data-wallachen="${table.spectator.url}"></div>`,
    );
    await setEmbedding(table, { frameOrigins: ['https://club.example'] });
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      const refusals = frameRefusals(page);
      await page.goto(site.url);
      await page.frameLocator('#watch iframe').locator('[data-table][data-seat="spectator"][data-connection="live"]').waitFor({ timeout: 10_000 });
      await expect.poll(() => refusals.length, { timeout: 10_000, message: 'Chromium reports the refusal (frame-ancestors)' }).toBeGreaterThan(0);
      expect(refusals.join('\n')).toContain('https://club.example');
      expect(await page.frameLocator('#seat iframe').locator('[data-table], [data-card]').count(), 'nothing of the seat in its frame').toBe(0);
      expect(await page.frameLocator('#watch iframe').locator('[data-hand]').count(), "the spectator's embed has no hand").toBe(0);
      // The spectator's frame told the host it is ready (again on embed.js's hello, if it came after); the refused one said nothing.
      await expect.poll(async () => (await messagesOf(page)).filter((m) => m.type === 'wallachen:ready').length).toBeGreaterThan(0);
      for (const message of await messagesOf(page)) expect(message, JSON.stringify(message)).not.toMatchObject({ type: 'wallachen:ready', seat: 0 });
      expect((await messagesOf(page)).find((m) => m.type === 'wallachen:ready')).toMatchObject({ seat: null, tableId: table.tableId });
      // Issue 25: embed.js says in the seat's place why nothing shows, and offers the table's own page; the host hears why.
      const blocked = page.locator('#seat [data-wallachen-blocked]');
      await blocked.waitFor({ timeout: 10_000 });
      expect(await blocked.textContent()).toMatch(
        /^This seat of the table can't be shown on this site: the table's admin has not allowed it here\. Open the table$/,
      );
      expect(await blocked.locator('a').getAttribute('href')).toBe(`${base}/t/${table.tableId}#${table.seats[0]!.token}`);
      expect(await blocked.locator('a').getAttribute('target')).toBe('_blank');
      expect(await page.locator('#seat iframe').isVisible(), 'no broken frame beside it').toBe(false);
      expect(await page.locator('#watch [data-wallachen-blocked]').count(), 'the spectator frame that shows is not said to be refused').toBe(0);
      expect(await page.evaluate(() => (globalThis as unknown as { __events: string[] }).__events)).toContain('wallachen:blocked');
    } finally {
      site.close();
    }
  });

  it('spectatorEmbeds false: the spectator embed is refused too', async () => {
    const table = await tableInPlay('no spectators embedded');
    await setEmbedding(table, { spectatorEmbeds: false });
    const site = await hostSite(`<div id="watch" data-wallachen="${table.spectator.url}"></div>`);
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      const refusals = frameRefusals(page);
      await page.goto(site.url);
      await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.frameLocator('#watch iframe').locator('[data-table]').count()).toBe(0);
      const blocked = page.locator('#watch [data-wallachen-blocked]');
      await blocked.waitFor({ timeout: 10_000 });
      expect(await blocked.textContent()).toContain("the table's admin does not let other sites show it");
    } finally {
      site.close();
    }
  });

  it("fits a 320 px wide host: the seat's hand and controls without scrolling sideways", async () => {
    const table = await tableInPlay('narrow host');
    const seat = (await readView(base, table.tableId, table.spectator.token)).turn!;
    const site = await hostSite(`<div id="seat" data-wallachen="${table.seats[seat]!.url}" data-wallachen-seat style="width:320px"></div>`);
    await setEmbedding(table, { frameOrigins: [site.origin] });
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      const frame = page.frameLocator('#seat iframe');
      await frame.locator('[data-embed] [data-hand] [data-card]').first().waitFor({ timeout: 10_000 });
      const fit = await frame.locator('html').evaluate((root) => ({ overflow: root.scrollWidth - root.clientWidth, width: root.clientWidth }));
      expect(fit.width).toBe(320);
      expect(fit.overflow, 'CSS pixels wider than the frame').toBeLessThanOrEqual(0);
      expectNoProblems([page]);
    } finally {
      site.close();
    }
  });

  it('the admin page lists the origins (normalised) and the spectator switch; a bad origin is refused with the reason', async () => {
    const table = await tableInPlay('admin embedding');
    const context = await chromium.device('desktop');
    const page = await context.newPage();
    await page.goto(`${base}/admin/${table.tableId}?lang=en#${table.admin.token}`);
    const form = page.locator('form[data-admin-embedding]');
    await form.waitFor({ timeout: 10_000 });
    expect(await form.locator('textarea#admin-embed-snippet').inputValue()).toContain(`<script src="${base}/embed.js" async></script>`);
    await form.locator('textarea#frame-origins').fill('HTTPS://Club.Example/\n\nhttps://forum.example:8443');
    await form.locator('input[name="spectatorEmbeds"]').uncheck();
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('textarea#frame-origins').inputValue()).toBe('https://club.example\nhttps://forum.example:8443');
    const res = await fetch(`${base}/api/tables/${table.tableId}/admin`, {
      headers: { authorization: `Bearer ${table.admin.token}`, 'cf-connecting-ip': '2001:db8:e:2::1' },
    });
    expect(await res.json()).toMatchObject({ frameOrigins: ['https://club.example', 'https://forum.example:8443'], spectatorEmbeds: false });
    await form.locator('textarea#frame-origins').fill('https://club.example/forum');
    await form.locator('button[type="submit"]').click();
    await page.locator('[data-error]').waitFor({ timeout: SHOWN_WITHIN_MS });
  });

  it('/embed explains embedding with code to copy, in both languages', async () => {
    const context = await chromium.device('desktop');
    for (const [lang, title] of [
      ['en', 'Embedding a table'],
      ['de', 'Einen Tisch einbetten'],
    ] as const) {
      const page = await context.newPage();
      await page.goto(`${base}/embed?lang=${lang}`);
      await page.locator('[data-embed-docs]').waitFor({ timeout: 10_000 });
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('textarea#embed-docs-script').inputValue()).toContain(`<script src="${base}/embed.js" async></script>`);
      expectNoProblems([page]);
    }
  });

  it("oEmbed's html, put into a host page as a CMS would, shows the spectator's table; a seat's link is refused", async () => {
    const table = await tableInPlay('oembed');
    const ask = (link: string) =>
      fetch(`${base}/oembed?url=${encodeURIComponent(link)}&format=json`, { headers: { 'cf-connecting-ip': '2001:db8:e:3::1' } });
    const refused = await ask(table.seats[0]!.url);
    expect(refused.status).toBe(400);
    const answer = await ask(table.spectator.url);
    expect(answer.status).toBe(200);
    const oembed = (await answer.json()) as { version: string; type: string; html: string; width: number; height: number };
    expect(oembed).toMatchObject({ version: '1.0', type: 'rich', width: 480, height: 480 });
    const site = await hostSite(`<div id="cms">${oembed.html}</div>`);
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      await page
        .frameLocator('#cms iframe')
        .locator('[data-table][data-seat="spectator"] [data-trick] [data-card]')
        .first()
        .waitFor({ timeout: 10_000 });
      expectNoProblems([page]);
    } finally {
      site.close();
    }
  });

  it('/embed.js is JavaScript with an hour of cache; the table page names oEmbed for a spectator link only', async () => {
    const script = await fetch(`${base}/embed.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=3600');
    const table = await tableInPlay('oembed discovery');
    const context = await chromium.device('desktop');
    const spectator = await context.newPage();
    await spectator.goto(table.spectator.url);
    await spectator.locator('[data-table][data-seat="spectator"]').waitFor({ timeout: 10_000 });
    const href = await spectator.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute('href');
    expect(href).toBe(`${base}/oembed?url=${encodeURIComponent(table.spectator.url)}&format=json`);
    const seat = await context.newPage();
    await seat.goto(table.seats[0]!.url);
    await seat.locator('[data-table][data-seat="0"]').waitFor({ timeout: 10_000 });
    expect(await seat.locator('link[type="application/json+oembed"]').count(), "never a seat's token").toBe(0);
  });

  it('the host hears wallachen:game-over when the game the frame shows ends (the series of one game: seriesOver)', async () => {
    const table = await tableInPlay('host game over');
    const site = await hostSite(`<div id="seat" data-wallachen="${table.seats[0]!.url}" data-wallachen-seat></div>`);
    await setEmbedding(table, { frameOrigins: [site.origin] });
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      await page.frameLocator('#seat iframe').locator('[data-table][data-seat="0"][data-connection="live"]').waitFor({ timeout: 10_000 });
      await playThroughApi(base, table, (views) => views[0]!.phase === 'finished');
      await expect
        .poll(async () => (await messagesOf(page)).filter((m) => m.type === 'wallachen:game-over'), { timeout: 10_000 })
        .toEqual([{ type: 'wallachen:game-over', version: 1, tableId: table.tableId, gameNumber: 1, seriesOver: true }]);
      expectNoProblems([page]);
    } finally {
      site.close();
    }
  });
});
