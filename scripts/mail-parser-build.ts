/**
 * The worker tests' global setup (vitest.config.ts, project "worker"): builds the mail parser
 * Worker (worker/mail-parser/) as `npm run deploy` uploads it into MAIL_PARSER_SCRIPT, which
 * the tests' runtime runs as an auxiliary Worker behind the main Worker's MAIL_PARSER binding
 * (an auxiliary Worker is given as one built script; the plugin does not bundle it). Built on
 * every run, so a test never runs a parser older than its source.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildWorker, MAIL_PARSER_CONFIG } from './worker-build.js';

const dir = fileURLToPath(new URL('../.wrangler/mail-parser-build', import.meta.url));

/** The built script (wrangler names it after the entry point). */
export const MAIL_PARSER_SCRIPT = `${dir}/out/index.js`;

export default function setup(): void {
  mkdirSync(dir, { recursive: true });
  buildWorker(dir, MAIL_PARSER_CONFIG);
}
