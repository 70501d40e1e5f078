/**
 * Framing and the embed page (API.md "Embedding"): every answer carries HSTS and exactly one
 * Content Security Policy whose frame-ancestors is 'none', except the spectator embed page's (`*` by default),
 * with X-Frame-Options: DENY exactly where it is 'none'; a table's pages answer X-Robots-Tag: noindex (API.md "Robots");
 * another site frames /embed/{id}#<spectator token> and sees the trick live and nothing to
 * act with, in a 320×480 frame; the browser refuses to frame a table page; the embed page
 * moves a seat's link to the seat path, which only listed sites may frame; the old `?embed` is a normal page;
 * the share screen offers the embed page's <iframe>.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  actThroughApi,
  type CreatedTable,
  createTable,
  expectNoProblems,
  frameRefusals,
  openPage,
  partsOfLink,
  playThroughApi,
  readView,
  SHOWN_WITHIN_MS,
  shuffledDeal,
  useChromium,
} from './support.js';

const base = inject('baseUrl');

const HSTS = 'max-age=15552000; includeSubDomains';

/** The answer's headers as sent, one entry per header line (fetch would join repeated ones). */
function rawHeadersOf(url: string): Promise<{ status: number; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      res.resume();
      const raw = res.rawHeaders;
      const headers: [string, string][] = [];
      for (let i = 0; i < raw.length; i += 2) headers.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
      resolve({ status: res.statusCode ?? 0, headers });
    }).on('error', reject);
  });
}

/** Another site: its own origin (a port of its own), serving one page that frames `src`. */
async function embeddingSite(src: string, size = { width: 320, height: 480 }): Promise<{ url: string; close: () => void }> {
  const site: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Stammtisch news</title><iframe src="${src}" width="${size.width}" height="${size.height}" style="border:0" title="Wallachen"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/`, close: () => site.close() };
}

describe('security headers', () => {
  // The static pages are all index.html (single-page fallback) and get their headers from
  // web/public/_headers by the path asked for; /api/* gets them from the Worker.
  // A table's pages (API.md "Robots": /t/, /admin/, /embed/, replays) are noindex; the home page, the rules and the guide are not.
  it.each([
    ['/', "'none'", null],
    ['/t/x', "'none'", 'noindex'],
    ['/t/abcdefghjkmnpqrs/replay/3', "'none'", 'noindex'],
    ['/admin/abcdefghjkmnpqrs', "'none'", 'noindex'],
    ['/rules', "'none'", null],
    // The embed pages are the Worker's (worker/routes/embed.ts): the static page through env.ASSETS, whose policy from
    // _headers the Worker replaces, never adds to. An unknown table is answered as one with default settings.
    ['/embed/x', '*', 'noindex'],
    ['/embed/abcdefghjkmnpqrs/seat', "'none'", 'noindex'],
    ['/embed', "'none'", null],
    ['/embed.js', "'none'", null],
    ['/api/health', "'none'", null],
  ])('%s: HSTS, one Content Security Policy with frame-ancestors %s, X-Robots-Tag %s', async (path, ancestors, robots) => {
    const { status, headers } = await rawHeadersOf(`${base}${path}`);
    expect(status, `GET ${path}`).toBe(200);
    const values = (name: string) => headers.filter(([n]) => n === name).map(([, v]) => v);
    expect(values('strict-transport-security'), `GET ${path}: Strict-Transport-Security`).toEqual([HSTS]);
    const policies = values('content-security-policy');
    // Two headers (or one with a comma: two policies) would both be enforced, the stricter winning.
    expect(policies, `GET ${path}: exactly one Content-Security-Policy`).toHaveLength(1);
    expect(policies[0], `GET ${path}`).not.toContain(',');
    const frameAncestors = policies[0]!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0] === 'frame-ancestors');
    expect(frameAncestors, `GET ${path}: ${policies[0]}`).toEqual([['frame-ancestors', ancestors]]);
    // For browsers without CSP: DENY exactly where no site may frame the page (a DENY on the spectator embed would refuse its frames there).
    expect(values('x-frame-options'), `GET ${path}: X-Frame-Options`).toEqual(ancestors === "'none'" ? ['DENY'] : []);
    expect(values('x-robots-tag'), `GET ${path}: X-Robots-Tag`).toEqual(robots === null ? [] : [robots]);
    // _headers applies to the static answers, the embed pages' too, though the Worker fetches those through env.ASSETS.
    if (!path.startsWith('/api/')) expect(values('permissions-policy'), `GET ${path}: Permissions-Policy from _headers`).toHaveLength(1);
  });
});

describe('the embed page', () => {
  const chromium = useChromium();

  /** A table in play with one card in the trick (fixed deal), and the spectator's view of it. */
  async function tableInPlay(name: string): Promise<CreatedTable> {
    const table = await createTable(base, { name, options: { games: 1, doubling: false }, deals: [shuffledDeal(21)] });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 1);
    return table;
  }

  const cardsIn = (page: Page, frameSelector: string, selector: string) =>
    page
      .frameLocator(frameSelector)
      .locator(selector)
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));

  it('another site frames /embed/{id}#<spectator token>: the trick live, no hand and no control, in its language and theme, within 320×480', async () => {
    const table = await tableInPlay('embedded');
    const site = await embeddingSite(`${base}/embed/${table.tableId}?lang=de&theme=dark#${table.spectator.token}`);
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      const frame = page.frameLocator('iframe');
      await frame.locator('[data-table][data-embed][data-seat="spectator"][data-connection="live"]').waitFor({ timeout: 10_000 });
      const view = await readView(base, table.tableId, table.spectator.token);
      expect(await cardsIn(page, 'iframe', '[data-trick] [data-card]'), 'the trick as the API shows it to a spectator').toEqual(
        view.trick.map((p) => p.card),
      );
      expect(await frame.locator('[data-hand]').count(), 'no hand').toBe(0);
      expect(await frame.locator('[data-action], button, input, select, textarea, form').count(), 'nothing to act with').toBe(0);
      expect(await frame.locator('header.app-header').count(), 'no app header').toBe(0);
      const root = frame.locator('html');
      expect(await root.getAttribute('lang')).toBe('de');
      expect(await root.getAttribute('data-theme')).toBe('dark');
      // Fits the frame: nothing wider than 320 px, and the trick in view without scrolling.
      const fit = await frame.locator('[data-trick]').evaluate((trick) => {
        const root = trick.ownerDocument.documentElement;
        return { overflow: root.scrollWidth - root.clientWidth, trickBottom: trick.getBoundingClientRect().bottom, height: root.clientHeight };
      });
      expect(fit.overflow, 'CSS pixels the page is wider than the frame').toBeLessThanOrEqual(0);
      expect(fit.trickBottom, `the trick's bottom edge (frame ${fit.height} px high)`).toBeLessThanOrEqual(480);

      // Live: the next card reaches the frame without a reload.
      const turn = view.turn!;
      const seatView = await readView(base, table.tableId, table.seats[turn]!.token);
      const card = seatView.legalActions.find((a) => a.type === 'play')!;
      await actThroughApi(base, table.tableId, table.seats[turn]!.token, card as Record<string, unknown>);
      await frame.locator(`[data-table][data-version="${view.version + 1}"]`).waitFor({ timeout: SHOWN_WITHIN_MS });
      expect(await cardsIn(page, 'iframe', '[data-trick] [data-card]')).toEqual(
        (await readView(base, table.tableId, table.spectator.token)).trick.map((p) => p.card),
      );
      expectNoProblems([page]);
    } finally {
      site.close();
    }
  });

  it("the browser refuses to frame a table page /t/{id}#token (frame-ancestors 'none')", async () => {
    const table = await tableInPlay('not framable');
    const src = `${base}/t/${table.tableId}#${table.seats[0]!.token}`;
    const site = await embeddingSite(src);
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      const refusals = frameRefusals(page);
      await page.goto(site.url);
      await expect.poll(() => refusals.length, { timeout: 10_000, message: 'Chromium reports the refusal (frame-ancestors)' }).toBeGreaterThan(0);
      const child = page.frames().find((f) => f !== page.mainFrame())!;
      // Blocked: Chromium puts its error page in the frame, never the table.
      expect(child.url(), 'the frame does not hold the table page').not.toMatch(/\/t\//);
      expect(await page.frameLocator('iframe').locator('[data-table], [data-card]').count(), 'nothing of the table in the frame').toBe(0);
    } finally {
      site.close();
    }
  });

  it('/embed/{id}#<seat token> moves to the seat path, which a site not listed may not frame: no card, no table', async () => {
    const table = await tableInPlay('seat link embedded');
    const site = await embeddingSite(`${base}/embed/${table.tableId}?lang=en#${table.seats[1]!.token}`);
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      const refusals = frameRefusals(page);
      await page.goto(site.url);
      await expect.poll(() => refusals.length, { timeout: 10_000, message: 'Chromium refuses the seat path (frame-ancestors)' }).toBeGreaterThan(0);
      // The spectator path may be framed by anyone (*): a refusal means the page moved to the seat path, which no site may frame here.
      expect(refusals.join('\n')).toContain("frame-ancestors 'none'");
      const frame = page.frameLocator('iframe');
      expect(await frame.locator('[data-card]').count(), 'no data-card').toBe(0);
      expect(await frame.locator('[data-table], [data-hand], [data-action]').count(), 'no table').toBe(0);
    } finally {
      site.close();
    }
  });

  it('/embed/{id}/seat#<spectator token> says in both languages that it is the spectator link', async () => {
    const table = await tableInPlay('spectator on the seat path');
    const context = await chromium.device('desktop');
    const page = await openPage(context, `${base}/embed/${table.tableId}/seat?lang=en#${table.spectator.token}`, 'spectator link on the seat path');
    const refusal = page.locator('[role="alert"][data-error="spectator_link"]');
    await refusal.waitFor({ timeout: 10_000 });
    const text = (await refusal.textContent()) ?? '';
    expect(text, 'in English').toContain('This is the spectator link');
    expect(text, 'and in German').toContain('Das ist der Zuschauer-Link');
    expect(await page.locator('[data-table], [data-hand], [data-action]').count()).toBe(0);
    expectNoProblems([page]);
  });

  it('/t/{id}?embed opened in a window is the normal table page', async () => {
    const table = await tableInPlay('old embed link');
    const context = await chromium.device('desktop');
    const page = await openPage(context, `${base}/t/${table.tableId}?embed#${table.seats[0]!.token}`, 'old ?embed link');
    await page.locator('[data-table][data-seat="0"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('header.app-header').count(), 'the app header').toBe(1);
    expect(await page.locator('[data-hand] [data-card]').count(), "the seat's hand").toBeGreaterThan(0);
    expectNoProblems([page]);
  });

  it("the seats' panels stand in the order of the trick's row (issue 25); a seat away shows its date on a line of its own, not in a pill", async () => {
    const table = await createTable(base, {
      name: 'embedded order',
      seats: [{ name: 'Anni' }, { name: 'Bert' }, { name: 'Xaver' }],
      options: { games: 1, doubling: false, moveDeadlineHours: 24 },
      deals: [shuffledDeal(2581)],
    });
    await playThroughApi(base, table, (views) => views[0]!.phase === 'play' && views[0]!.trick.length === 2);
    const away = await fetch(`${base}/api/tables/${table.tableId}/vacation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${table.seats[2]!.token}`, 'content-type': 'application/json', 'cf-connecting-ip': '2001:db8:e:9::1' },
      body: JSON.stringify({ hours: 30 }),
    });
    expect(away.status, await away.text()).toBe(200);
    const site = await embeddingSite(`${base}/embed/${table.tableId}?lang=en#${table.spectator.token}`);
    const context = await chromium.device('desktop');
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      const frame = page.frameLocator('iframe');
      await frame.locator('[data-table][data-embed] [data-vacation="2"]').waitFor({ timeout: 10_000 });
      const inRow = (selector: string, attribute: string) =>
        frame.locator(selector).evaluateAll(
          (elements, name) =>
            elements
              .map((e) => ({ x: e.getBoundingClientRect().left, seat: e.getAttribute(name) }))
              .sort((a, b) => a.x - b.x)
              .map((e) => e.seat),
          attribute,
        );
      const panels = await inRow('.embed-seats [data-seat-panel]', 'data-seat-panel');
      expect(panels, 'left to right').toEqual(await inRow('[data-trick] [data-trick-seat]', 'data-trick-seat'));
      const note = await frame.locator('[data-vacation="2"]').evaluate((badge) => {
        const box = badge.getBoundingClientRect();
        const header = badge.parentElement!.getBoundingClientRect();
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): { borderTopLeftRadius: string } }).getComputedStyle(badge);
        return { width: box.width / header.width, radius: parseFloat(style.borderTopLeftRadius) };
      });
      expect(note.width, "across the panel's width").toBeGreaterThan(0.9);
      expect(note.radius, 'corners of a note, not of a pill').toBeLessThanOrEqual(8);
      expectNoProblems([page]);
    } finally {
      site.close();
    }
  });

  it('the share screen offers an <iframe> of /embed/{id}#<spectator token>', async () => {
    const context = await chromium.device('desktop');
    const page = await openPage(context, `${base}/`, 'create page');
    await page.locator('form[data-form="create"] button[type="submit"][data-create]').click();
    const spectator = partsOfLink((await page.locator('a[data-spectator-link]').getAttribute('href', { timeout: 10_000 }))!);
    const script = await page.locator('textarea#embed-script').inputValue();
    expect(script).toBe(
      `<div data-wallachen="${base}/t/${spectator.tableId}#${spectator.token}"></div>\n<script src="${base}/embed.js" async></script>`,
    );
    const code = await page.locator('textarea#embed-code').inputValue();
    expect(code).toMatch(
      new RegExp(
        `^<iframe src="${base.replace(/[.]/g, '\\.')}/embed/${spectator.tableId}#${spectator.token}" [^>]*width="320" height="480"[^>]*></iframe>$`,
      ),
    );
    expectNoProblems([page]);
  });
});
