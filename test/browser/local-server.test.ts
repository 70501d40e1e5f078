/**
 * scripts/dev/local-server.ts reads the port `wrangler dev --port 0` took from its output (see
 * there why no port is picked in advance): the first "Ready on" line, colours or not.
 */
import { expect, it } from 'vitest';
import { readyUrl } from '../../scripts/dev/local-server.js';

it('the address is read from wrangler’s first "Ready on" line, and is null before it', () => {
  expect(readyUrl('')).toBeNull();
  expect(readyUrl('[wrangler:info] ✨ Parsed 7 valid header rules.\n')).toBeNull();
  const ready = '[wrangler:info] Ready on http://127.0.0.1:40277\n';
  expect(readyUrl(`[wrangler:info] ✨ Parsed 7 valid header rules.\n${ready}[wrangler:info] GET / 200 OK (13ms)\n`)).toBe('http://127.0.0.1:40277');
  expect(readyUrl('\u001b[32m[wrangler:info]\u001b[39m Ready on \u001b[32mhttp://127.0.0.1:35163\u001b[39m\n')).toBe('http://127.0.0.1:35163');
  expect(readyUrl(`${ready}[wrangler:info] Updated and ready on http://127.0.0.1:1234\n`)).toBe('http://127.0.0.1:40277');
});
