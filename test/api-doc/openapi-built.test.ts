/**
 * The OpenAPI document the Worker serves is made at build time (scripts/build/openapi-document.ts,
 * run by `npm run build` and `npm start`) and committed with the web app's static files: it
 * must be what the routes and schemas of this revision make, else a schema changed and the
 * document served would not say so.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCS_PAGE_FILE, docsPageText, OPENAPI_FILE } from '../../scripts/build/openapi-file.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the built OpenAPI document', () => {
  it('is what the schemas of this revision make (else: npm run api:document)', () => {
    const made = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/build/openapi-document.ts', '--print'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(made);
  }, 60_000);

  it('has the reference page /api/docs rendered from it (else: npm run api:document)', async () => {
    expect(readFileSync(DOCS_PAGE_FILE, 'utf8')).toBe(await docsPageText(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as object));
  });
});
