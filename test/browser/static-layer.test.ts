/**
 * What the real server answers where the static-assets layer comes first (wrangler.toml
 * [assets]: the Worker runs first only for /api/*, /embed/* and /oembed): `/robots.txt`
 * (API.md "Robots") read as a crawler reads it (RFC 9309), and malformed paths and queries
 * on every kind of path, which must never be a 5xx. The headers of each page (framing,
 * X-Robots-Tag): embed.test.ts; the Worker's own routes with malformed input:
 * test/worker/malformed-input.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

/** The rules of robots.txt's group for every crawler (`User-agent: *`). */
function rulesOf(text: string): { allow: boolean; pattern: string }[] {
  const rules: { allow: boolean; pattern: string }[] = [];
  let forAll = false;
  for (const line of text.split('\n')) {
    const [field, ...rest] = line.replace(/#.*/, '').split(':');
    const value = rest.join(':').trim();
    const name = (field ?? '').trim().toLowerCase();
    if (name === 'user-agent') forAll = value === '*';
    else if (forAll && (name === 'allow' || name === 'disallow') && value !== '') rules.push({ allow: name === 'allow', pattern: value });
  }
  return rules;
}

/** RFC 9309 2.2.2: the rule with the longest matching pattern decides, allow winning a tie; no rule matching allows. */
function allowed(rules: readonly { allow: boolean; pattern: string }[], path: string): boolean {
  const matching = rules.filter(({ pattern }) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  });
  if (matching.length === 0) return true;
  const longest = Math.max(...matching.map((r) => r.pattern.length));
  return matching.some((r) => r.pattern.length === longest && r.allow);
}

describe('/robots.txt', () => {
  it('is text/plain and lets crawlers see the home page and the rules (and what they are made of), nothing else', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = rulesOf(await res.text());
    expect(rules.length, 'rules for User-agent: *').toBeGreaterThan(0);
    const html = await (await fetch(`${base}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length, 'the home page loads scripts and styles from /assets/').toBeGreaterThan(0);
    for (const path of ['/', '/?lang=de', '/rules', '/rules?lang=en', ...assets]) expect(allowed(rules, path), path).toBe(true);
    for (const path of [
      '/t/abcdefghjkmnpqrs',
      '/t/abcdefghjkmnpqrs/replay/2',
      '/admin/abcdefghjkmnpqrs',
      '/embed/abcdefghjkmnpqrs',
      '/embed/abcdefghjkmnpqrs/seat',
      '/embed',
      '/oembed?url=x',
      '/api/tables/abcdefghjkmnpqrs',
      '/api/docs',
      '/index.html',
      '/anything',
    ]) {
      expect(allowed(rules, path), path).toBe(false);
    }
  });
});

describe('malformed paths on the real server', () => {
  const MALFORMED = ['%E0%A4%A', '%', '%zz', '%C0%AF', '%ED%A0%80', '%FF%FE', '%00', 'x'.repeat(8 * 1024)];

  it('answer no 5xx on the static pages, the embed pages, oEmbed, the API and robots.txt', async () => {
    const problems: string[] = [];
    for (const value of MALFORMED) {
      for (const path of [
        `/${value}`,
        `/t/${value}`,
        `/t/${value}/replay/1`,
        `/admin/${value}`,
        `/embed/${value}`,
        `/embed/${value}/seat`,
        `/assets/${value}`,
        `/robots.txt?${value}=${value}&${value}`,
        `/rules?lang=${value}&lang=de`,
        `/oembed?url=${encodeURIComponent(`${base}/t/abcdefghjkmnpqrs#${value}`)}`,
        `/api/tables/${value}`,
      ]) {
        const res = await fetch(`${base}${path}`);
        await res.arrayBuffer();
        if (res.status >= 500) problems.push(`GET ${path.slice(0, 100)}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
