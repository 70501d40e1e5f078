/**
 * The served web app without playing: the server answers, every page carries the Content
 * Security Policy, the HTML holds no inline script (the policy would block it), and the
 * create page renders its form (UI hooks: form[data-form="create"]) on a laptop and a phone
 * without console errors or CSP violations. Framing and the embed page: embed.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTable, expectNoProblems, openPage, SHOWN_WITHIN_MS, useChromium } from './support.js';

const base = inject('baseUrl');

describe('the served pages', () => {
  let tablePath = '';

  beforeAll(async () => {
    tablePath = `/t/${(await createTable(base)).tableId}`;
  });

  it('the server answers /api/health', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  // The table page is the app's index.html served for an unknown path (single-page
  // application): the headers must come along there too.
  it.each(['/', 'a table page'])('%s has a Content Security Policy allowing scripts only from its own origin', async (which) => {
    const path = which === '/' ? '/' : tablePath;
    const res = await fetch(`${base}${path}`);
    expect(res.status, `GET ${path}`).toBe(200);
    expect(res.headers.get('content-type'), `GET ${path}`).toMatch(/^text\/html/);
    const policy = res.headers.get('content-security-policy');
    expect(policy, `GET ${path}: Content-Security-Policy header`).not.toBeNull();
    const directives = new Map(
      policy!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0] !== '')
        .map(([name, ...values]) => [name!, values]),
    );
    const scripts = directives.get('script-src') ?? directives.get('default-src');
    expect(scripts, `${policy}: script-src (or default-src)`).toBeDefined();
    expect(scripts, `${policy}: scripts from this origin only`).toContain("'self'");
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) expect(scripts, policy!).not.toContain(unsafe);
    expect(directives.get('default-src'), `${policy}: default-src`).toEqual(["'none'"]);
    expect(res.headers.get('referrer-policy'), 'the token in the fragment must not leak as a referrer').toBe('no-referrer');
  });

  it.each(['/', 'a table page'])('%s has no inline script', async (which) => {
    const path = which === '/' ? '/' : tablePath;
    const html = await (await fetch(`${base}${path}`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
    expect(scripts.length, `${path}: the app's script tag`).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      expect(attributes, `${path}: ${tag} must load a file`).toMatch(/\bsrc\s*=/i);
      expect(body!.trim(), `${path}: ${tag} must be empty`).toBe('');
    }
    expect(html, `${path}: inline event handler attributes`).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html, `${path}: javascript: URLs`).not.toMatch(/javascript:/i);
  });
});

describe('the create page', () => {
  const chromium = useChromium();

  it.each(['desktop', 'phone'] as const)('renders the create form with every option (%s)', async (kind) => {
    const context = await chromium.context(kind);
    try {
      const page = await openPage(context, `${base}/`, `create page (${kind})`);
      const form = page.locator('form[data-form="create"]');
      await form.waitFor({ timeout: 10_000 });
      const missing: string[] = [];
      const fields = [
        ...['tableName', 'seat0', 'seat1', 'seat2'].map((name) => `input[name="${name}"]`),
        ...['doubling', 'tenTrickBid', 'winDutyInBettel', 'kontra', 'knock'].map((name) => `input[type="checkbox"][name="${name}"]`),
        ...['allPass', 'trump', 'trickHistory', 'firstDealer'].map((name) => `select[name="${name}"]`),
        ...['games', 'stakePerTrick', 'flatTariff'].map((name) => `input[type="number"][name="${name}"]`),
        'button[type="submit"][data-create]',
      ];
      for (const selector of fields) if ((await form.locator(selector).count()) !== 1) missing.push(selector);
      expect(missing, 'fields of form[data-form="create"] missing (or there more than once)').toEqual([]);
      // The house rules are folded under "More rules" (create-form.test.ts); unfolded, the pot's own options (R5.2, R5.4) show once the pot is chosen.
      await form.locator('details[data-more-rules] > summary').click();
      const potFields = ['input[type="number"][name="potStake"]', 'select[name="potTo"]', 'input[type="number"][name="maxRedeals"]'];
      for (const selector of potFields) expect(await form.locator(selector).count(), `${selector} with allPass "forced"`).toBe(0);
      await form.locator('select[name="allPass"]').selectOption('pot');
      for (const selector of potFields) if ((await form.locator(selector).count()) !== 1) missing.push(selector);
      expect(missing, 'pot fields of form[data-form="create"] missing with allPass "pot"').toEqual([]);
      const values = async (name: string) =>
        form.locator(`select[name="${name}"] option`).evaluateAll((options) => options.map((o) => o.getAttribute('value')));
      expect(await values('trickHistory'), 'R7.10: the values of trickHistory').toEqual(['last', 'all', 'opponents']);
      expect(await values('trump'), 'R7.2: the values of trump').toEqual(['led', 'named']);
      expect(await values('potTo'), 'R5.2: the values of potTo').toEqual(['declarer', 'winners']);
      await expect.poll(() => form.locator('button[type="submit"][data-create]').isVisible(), { timeout: SHOWN_WITHIN_MS }).toBe(true);
      // A phone shows the page without scrolling sideways.
      const overflow = await page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
          .documentElement;
        return root.scrollWidth - root.clientWidth;
      });
      expect(overflow, 'CSS pixels the page is wider than the screen').toBeLessThanOrEqual(0);
      expectNoProblems([page]);
    } finally {
      await context.close();
    }
  });
});
