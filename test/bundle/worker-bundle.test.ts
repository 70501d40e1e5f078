/**
 * The Worker as `npm run deploy` uploads it (docs/benchmarks.md, "The Worker"): at most
 * 100 KiB gzipped, validating requests with zod's mini build; what only the OpenAPI document
 * needs (zod's full build, zod-to-openapi, the routes' prose, the /api/docs page) is not part of it, nor are the
 * libraries whose work it does itself (drizzle-orm, standardwebhooks), nor what only the mail
 * parser Worker needs (postal-mime, the HTML-to-text reading, the reading of a move: worker/mail-parser/).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../scripts/build/openapi-file.js';
import { buildWorker, type BuiltWorker } from '../../scripts/build/worker-build.js';

const dir = mkdtempSync(join(tmpdir(), 'worker-bundle-'));
let built: BuiltWorker;

beforeAll(() => {
  built = buildWorker(dir);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Worker as deployed', () => {
  it('is at most 100 KiB gzipped', () => {
    expect(built.uploadGzipKiB).toBeLessThanOrEqual(100);
  });

  it("holds zod's mini build and its English messages, no full build, no other locale", () => {
    const zod = Object.keys(built.inputs).filter((input) => input.includes('node_modules/zod/'));
    expect(zod.some((input) => input.includes('/v4/mini/'))).toBe(true);
    expect(zod.filter((input) => input.includes('/v4/classic/'))).toEqual([]);
    expect(zod.filter((input) => input.includes('/locales/'))).toEqual([expect.stringMatching(/\/locales\/en\.js$/)]);
  });

  it('holds nothing of what only the document or the mail parser Worker needs, nor the libraries it does without', () => {
    const unwanted =
      /node_modules\/(@asteasolutions\/zod-to-openapi|@hono\/zod-openapi|drizzle-orm|standardwebhooks|postal-mime)\/|worker\/openapi\/(document|zod-full)\.ts|worker\/docs\.ts|worker\/mail-parser\/|shared\/move-text\.ts/;
    expect(Object.keys(built.inputs).filter((input) => unwanted.test(input))).toEqual([]);
  });

  it("leaves out the routes' summaries and descriptions (OPENAPI_PROSE), which the document has", () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
      paths: Record<string, Record<string, { summary: string; description: string }>>;
    };
    const prose = Object.values(document.paths)
      .flatMap((item) => Object.values(item).flatMap((op) => [op.summary, op.description]))
      // Long enough that no other text of the Worker holds it by chance ("Act" does).
      .filter((text) => text.length >= 20);
    expect(prose.length).toBeGreaterThan(30);
    // A minifier may split a text where it was written as parts: its first 40 characters are one part.
    expect(prose.filter((text) => built.script.includes(text.slice(0, 40)))).toEqual([]);
  });
  it("leaves out the schemas' descriptions too (doc(…, OPENAPI_PROSE && {…})), which only the document shows", () => {
    const descriptions: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node !== null && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'description' && typeof value === 'string') descriptions.push(value);
          else collect(value);
        }
    };
    collect((JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { components: unknown }).components);
    const long = descriptions.filter((text) => text.length >= 30);
    expect(long.length).toBeGreaterThan(100);
    expect(long.filter((text) => built.script.includes(text.slice(0, 30)))).toEqual([]);
  });
});
