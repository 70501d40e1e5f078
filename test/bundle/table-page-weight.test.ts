/**
 * The table page's first JavaScript as built in web/dist (`npm test` builds it first): the entry
 * with every chunk it imports statically, and the reader's texts, which it asks for at once,
 * gzipped each on its own as `npm run bench:web` counts them (docs/benchmarks.md, "The web
 * app"). Issue 24's bar: 24 KB. What the first cards do not need is loaded after them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '../../web/dist');
const BAR_BYTES = 24 * 1024;

const read = (file: string): string => readFileSync(join(DIST, file), 'utf8');

/** The entry and what it imports statically, transitively (`import … from "./x.js"`; `import("./x.js")` is left out). */
function firstChunks(): string[] {
  const entry = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(read('index.html'))?.[1];
  if (entry === undefined) throw new Error('web/dist/index.html names no module script: run npm run build');
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const [, name] of read(file).matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g))
      visit(`assets/${name}`);
  };
  visit(entry);
  return [...found];
}

const gzipped = (file: string): number => gzipSync(read(file), { level: 9 }).length;

describe("the table page's first JavaScript", () => {
  const assets = readdirSync(join(DIST, 'assets'));
  const texts = (lang: string) => `assets/${assets.find((name) => new RegExp(`^${lang}-[\\w-]{8}\\.js$`).test(name))}`;

  it('is at most 24 KB gzipped, in either language', () => {
    const chunks = firstChunks();
    for (const lang of ['en', 'de']) {
      const bytes = [...chunks, texts(lang)].reduce((sum, file) => sum + gzipped(file), 0);
      expect(bytes, `${lang}: ${[...chunks, texts(lang)].join(', ')}`).toBeLessThanOrEqual(BAR_BYTES);
    }
  });

  it('leaves out what the first cards do not need: the other pages, the moves, the live connection, the games, the French cards', () => {
    const first = firstChunks().map((file) => file.replace(/^assets\//, ''));
    expect(first.filter((file) => /^(other-pages|later-parts|moves|live|games-read|french|de-later|en-later)-/.test(file))).toEqual([]);
  });
});
